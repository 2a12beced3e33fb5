import { appConfig } from '../config';

/**
 * Error reports (docs/product.md): Sentry, off without a DSN. The SDK is a dynamic import so
 * it never weighs on the first paint; until it has loaded, reports wait in a short queue (and so do
 * uncaught errors, which Sentry's own global handlers take over once it runs).
 */

export type ErrorContext = Record<string, unknown>;

/** The part of @sentry/react this module uses, so tests can hand in a fake. */
export interface SentryLike {
  init(options: { dsn: string; release: string; environment: string; sampleRate: number; ignoreErrors: string[] }): unknown;
  captureException(error: unknown, hint?: { extra?: ErrorContext }): unknown;
}

/** Exactly the product's settings. */
export const SENTRY_OPTIONS = {
  sampleRate: 0.5,
  environment: 'production',
  ignoreErrors: ['Request failed with status code 401', 'Request failed with status code 422'],
} as const;

/** Enough to cover a slow start; a flood before the SDK loads is not worth more. */
const MAX_PENDING = 30;

export interface ErrorReporterOptions {
  dsn?: () => string;
  load?: () => Promise<SentryLike>;
  release?: string;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface ErrorReporter {
  /** Loads the SDK when a DSN is configured; resolves once it is running (or at once without a DSN). */
  start(): Promise<void>;
  report(error: unknown, context?: ErrorContext): void;
}

export function createErrorReporter({
  dsn = () => appConfig.sentryDsn(),
  // Destructured so the bundler keeps only what is used (the whole SDK, replay included, is ~150 KB).
  load = () => import('@sentry/react').then(({ init, captureException }) => ({ init, captureException })),
  release = appConfig.appVersion,
  target = typeof window === 'undefined' ? undefined : window,
}: ErrorReporterOptions = {}): ErrorReporter {
  let sentry: SentryLike | null = null;
  let starting: Promise<void> | null = null;
  const pending: [unknown, ErrorContext | undefined][] = [];

  const enqueue = (error: unknown, context?: ErrorContext) => {
    if (pending.length < MAX_PENDING) pending.push([error, context]);
  };
  const onError = (event: Event) => enqueue((event as ErrorEvent).error ?? (event as ErrorEvent).message);
  const onRejection = (event: Event) => enqueue((event as PromiseRejectionEvent).reason);

  const capture = (client: SentryLike, error: unknown, context?: ErrorContext) =>
    client.captureException(error, context ? { extra: context } : undefined);

  function start(): Promise<void> {
    const key = dsn();
    if (!key) return Promise.resolve();
    if (starting) return starting;
    target?.addEventListener('error', onError);
    target?.addEventListener('unhandledrejection', onRejection);
    starting = load()
      .then((client) => {
        client.init({ dsn: key, release, ...SENTRY_OPTIONS, ignoreErrors: [...SENTRY_OPTIONS.ignoreErrors] });
        sentry = client;
        for (const [error, context] of pending.splice(0)) capture(client, error, context);
      })
      .catch(() => {
        // The SDK chunk failed to load (offline, blocked): reporting stays off for this page.
        pending.length = 0;
      })
      .finally(() => {
        target?.removeEventListener('error', onError);
        target?.removeEventListener('unhandledrejection', onRejection);
      });
    return starting;
  }

  return {
    start,
    report(error, context) {
      if (sentry) {
        capture(sentry, error, context);
        return;
      }
      if (!dsn()) return;
      enqueue(error, context);
      void start();
    },
  };
}

const reporter = createErrorReporter();

/** Call once at startup: with a DSN it loads Sentry in the background. */
export function startErrorReporting(): Promise<void> {
  return reporter.start();
}

/** Reports an error that was caught and handled (a failed push registration, say). No-op without a DSN. */
export function reportError(error: unknown, context?: ErrorContext): void {
  reporter.report(error, context);
}
