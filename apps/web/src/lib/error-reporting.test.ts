import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, SENTRY_OPTIONS, type SentryLike } from './error-reporting';

function fakeSentry() {
  return { init: vi.fn(), captureException: vi.fn() } satisfies SentryLike;
}

describe('error reporting', () => {
  it('loads nothing and reports nothing without a DSN', async () => {
    const load = vi.fn(async () => fakeSentry());
    const reporter = createErrorReporter({ dsn: () => '', load });
    await reporter.start();
    reporter.report(new Error('ignored'));
    expect(load).not.toHaveBeenCalled();
  });

  it('starts Sentry with exactly the documented settings when a DSN is configured', async () => {
    const sentry = fakeSentry();
    const reporter = createErrorReporter({ dsn: () => 'https://key@example.com/1', load: async () => sentry, release: '1.2.3' });
    await reporter.start();
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith({
      dsn: 'https://key@example.com/1',
      release: '1.2.3',
      sampleRate: 0.5,
      environment: 'production',
      ignoreErrors: ['Request failed with status code 401', 'Request failed with status code 422'],
    });
    expect(SENTRY_OPTIONS.ignoreErrors).toEqual(['Request failed with status code 401', 'Request failed with status code 422']);
  });

  it('uses the real @sentry/react module by default, passing it the same options', async () => {
    const init = vi.fn();
    vi.doMock('@sentry/react', () => ({ init, captureException: vi.fn() }));
    try {
      await createErrorReporter({ dsn: () => 'https://key@example.com/2' }).start();
      expect(init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://key@example.com/2', ...SENTRY_OPTIONS }));
    } finally {
      vi.doUnmock('@sentry/react');
    }
  });

  it('queues reports until Sentry has loaded, then sends them with their context', async () => {
    const sentry = fakeSentry();
    let finishLoading: (value: SentryLike) => void = () => undefined;
    const loading = new Promise<SentryLike>((resolve) => (finishLoading = resolve));
    const reporter = createErrorReporter({ dsn: () => 'https://key@example.com/1', load: () => loading });

    const early = new Error('before load');
    reporter.report(early, { area: 'push' });
    expect(sentry.captureException).not.toHaveBeenCalled();

    finishLoading(sentry);
    await reporter.start();
    expect(sentry.captureException).toHaveBeenCalledWith(early, { extra: { area: 'push' } });

    const late = new Error('after load');
    reporter.report(late);
    expect(sentry.captureException).toHaveBeenLastCalledWith(late, undefined);
  });

  it('keeps uncaught errors thrown while the SDK loads, and leaves later ones to Sentry', async () => {
    const sentry = fakeSentry();
    const target = new EventTarget();
    let finishLoading: (value: SentryLike) => void = () => undefined;
    const reporter = createErrorReporter({
      dsn: () => 'https://key@example.com/1',
      load: () => new Promise((resolve) => (finishLoading = resolve)),
      target: target as unknown as Window,
    });
    const started = reporter.start();
    const crash = new Error('boom during start-up');
    target.dispatchEvent(Object.assign(new Event('error'), { error: crash }));
    finishLoading(sentry);
    await started;
    expect(sentry.captureException).toHaveBeenCalledWith(crash, undefined);

    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('later') }));
    expect(sentry.captureException).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the SDK cannot be loaded', async () => {
    const reporter = createErrorReporter({ dsn: () => 'https://key@example.com/1', load: () => Promise.reject(new Error('offline')) });
    reporter.report(new Error('lost'));
    await expect(reporter.start()).resolves.toBeUndefined();
  });
});
