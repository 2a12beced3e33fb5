import { MAX_EVENTS_PER_BATCH } from '@wink/contracts/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track, trackPageView } from './analytics';
import { ANALYTICS_DEFAULTS, createAnalytics, MAX_BATCH } from './analytics/create-analytics';
import { providerTransport, serverTransport } from './analytics/transports';
import { getOpenDialog } from './dialogs';

const OCCURRED = new Date('2026-05-04T10:00:00.000Z');

function json(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** The JSON bodies POSTed to a URL, in order. */
function postedTo(url: string): { events: { name: string; properties: Record<string, unknown>; page: string | null }[] }[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === url)
    .map(([, init]) => JSON.parse(String(init?.body)) as ReturnType<typeof postedTo>[number]);
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<typeof fetch>(async () => json(202, { data: { accepted: 1 } }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

const serverOnly = () => createAnalytics({ transports: [serverTransport()], now: () => OCCURRED, page: () => '/search' });

describe('analytics batching', () => {
  it('sends at most 50 events per request, the server limit', async () => {
    expect(MAX_BATCH).toBe(MAX_EVENTS_PER_BATCH);
    const analytics = createAnalytics({ transports: [serverTransport()], flushAt: 1000 });
    for (let i = 0; i < 120; i++) analytics.track('search_used', { n: i });
    await analytics.flush();
    const batches = postedTo('/api/analytics/events');
    expect(batches.map((b) => b.events.length)).toEqual([50, 50, 20]);
    expect(batches.flatMap((b) => b.events.map((e) => e.properties.n))).toEqual([...Array(120).keys()]);
  });

  it('waits five seconds after the first event, then sends everything waiting as one JSON batch', async () => {
    const analytics = serverOnly();
    analytics.track('user_signed_in');
    analytics.track('search_used', { term_length: 7 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_DEFAULTS.flushDelayMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/analytics/events');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      events: [
        { name: 'user_signed_in', properties: {}, page: '/search', occurred_at: '2026-05-04T10:00:00.000Z' },
        { name: 'search_used', properties: { term_length: 7 }, page: '/search', occurred_at: '2026-05-04T10:00:00.000Z' },
      ],
    });
  });

  it('sends at once when ten events are waiting', async () => {
    const analytics = serverOnly();
    for (let i = 0; i < 10; i++) analytics.track('sri_clicked');
    await vi.advanceTimersByTimeAsync(0);
    expect(postedTo('/api/analytics/events').map((b) => b.events.length)).toEqual([10]);
  });

  it('records a page view with the route name and the path', async () => {
    const analytics = serverOnly();
    analytics.trackPageView('DiscussionsShow', '/discussions/42');
    await analytics.flush();
    expect(postedTo('/api/analytics/events')[0]!.events).toEqual([
      { name: 'page_view', properties: { route_name: 'DiscussionsShow' }, page: '/discussions/42', occurred_at: OCCURRED.toISOString() },
    ]);
  });

  it('drops a batch the server refuses with 401, without a dialog and without sending it again', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Unauthenticated.' }));
    const analytics = serverOnly();
    analytics.track('user_signed_out');
    await expect(analytics.flush()).resolves.toBeUndefined();
    analytics.track('search_used');
    await analytics.flush();
    expect(postedTo('/api/analytics/events').map((b) => b.events.map((e) => e.name))).toEqual([['user_signed_out'], ['search_used']]);
    expect(getOpenDialog()).toBeNull();
  });

  it('drops a batch quietly when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const analytics = serverOnly();
    analytics.track('comment_posted');
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(getOpenDialog()).toBeNull();
  });
});

describe('analytics when the page is hidden', () => {
  it('sends what is waiting as a beacon whose JSON body carries the XSRF token as _token', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%3Dvalue; Path=/';
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: beacon }));
    const analytics = serverOnly();
    const stop = analytics.listen();
    analytics.track('discussion_viewed', { discussionId: 'd1' });

    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    stop();

    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/analytics/events');
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).type).toBe('application/json');
    expect(JSON.parse(await (blob as Blob).text())).toEqual({
      events: [{ name: 'discussion_viewed', properties: { discussion_id: 'd1' }, page: '/search', occurred_at: OCCURRED.toISOString() }],
      _token: 'xsrf=value',
    });
    expect(fetchMock).not.toHaveBeenCalled();

    // Nothing is left for the timer to send twice.
    await vi.advanceTimersByTimeAsync(ANALYTICS_DEFAULTS.flushDelayMs);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('also sends on pagehide, and falls back to a keepalive request when the beacon is refused', async () => {
    document.cookie = 'XSRF-TOKEN=abc; Path=/';
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: () => false }));
    const analytics = serverOnly();
    const stop = analytics.listen();
    analytics.track('collection_saved');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/analytics/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });
    expect(new Headers(init?.headers).get('x-xsrf-token')).toBe('abc');
  });

  it('in token mode (Android) sends a keepalive request with the bearer token, which a beacon cannot carry', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: beacon }));
    const analytics = createAnalytics({
      transports: [serverTransport({ url: 'https://api.wink.example/api/analytics/events', bearerToken: () => 'tok-1' })],
    });
    const stop = analytics.listen();
    analytics.track('user_signed_in');
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
    await vi.advanceTimersByTimeAsync(0);

    expect(beacon).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.wink.example/api/analytics/events');
    expect(init).toMatchObject({ keepalive: true, credentials: 'omit' });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('_token');
  });
});

describe('an external analytics provider', () => {
  const PROVIDER = 'https://collector.example/v1/batch';

  it('receives the same batches as the server, without cookies', async () => {
    const analytics = createAnalytics({
      transports: [serverTransport(), providerTransport(PROVIDER)],
      now: () => OCCURRED,
      page: () => '/',
    });
    analytics.track('collection_shared', { items: 3 });
    analytics.trackPageView('Collections', '/collections');
    await analytics.flush();

    const ours = postedTo('/api/analytics/events');
    const theirs = postedTo(PROVIDER);
    expect(theirs).toEqual(ours);
    expect(theirs[0]!.events.map((e) => e.name)).toEqual(['collection_shared', 'page_view']);
    const providerCall = fetchMock.mock.calls.find(([url]) => url === PROVIDER)!;
    expect(providerCall[1]).toMatchObject({ method: 'POST', credentials: 'omit' });
  });

  it('gets a beacon too when the page is hidden, and its failure does not affect ours', async () => {
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon: beacon }));
    fetchMock.mockImplementation(async (input) => (String(input) === PROVIDER ? json(500) : json(202)));
    const analytics = createAnalytics({ transports: [serverTransport(), providerTransport(PROVIDER)] });
    const stop = analytics.listen();
    analytics.track('user_subscribed');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(beacon.mock.calls.map(([url]) => url)).toEqual(['/api/analytics/events', PROVIDER]);
    const providerBody = JSON.parse(await (beacon.mock.calls[1]![1] as Blob).text()) as ReturnType<typeof postedTo>[number];
    expect(providerBody.events.map((e) => e.name)).toEqual(['user_subscribed']);
  });
});

describe('the app-wide analytics API', () => {
  it('batches track() and trackPageView() to the server', async () => {
    track('info_button_clicked', { source: 'sri' });
    trackPageView('Search', '/search');
    await vi.advanceTimersByTimeAsync(ANALYTICS_DEFAULTS.flushDelayMs);
    expect(postedTo('/api/analytics/events')[0]!.events.map((e) => [e.name, e.properties])).toEqual([
      ['info_button_clicked', { source: 'sri' }],
      ['page_view', { route_name: 'Search' }],
    ]);
  });
});
