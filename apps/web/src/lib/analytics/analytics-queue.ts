import type { AnalyticsEventName } from '@wink/contracts/analytics';

/** The flat property values the server keeps (strings, numbers, booleans, null). */
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

/** One event as it travels (the body of POST api/analytics/events, packages/contracts/src/analytics.ts). */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  properties: AnalyticsProperties;
  page: string | null;
  occurred_at: string;
}

/**
 * Where batches go. `unloading` means the page is being hidden or closed: the transport must use a
 * request that outlives the page (sendBeacon, or fetch with keepalive).
 */
export interface AnalyticsTransport {
  send(events: AnalyticsEvent[], options?: { unloading?: boolean }): Promise<void>;
}

export interface AnalyticsQueueOptions {
  transports: AnalyticsTransport[];
  /** The server takes at most this many per request (MAX_EVENTS_PER_BATCH). */
  maxBatch: number;
  /** Flush at once when this many are waiting. */
  flushAt: number;
  /** Otherwise flush this long after the first waiting event. */
  flushDelayMs: number;
  /** Beyond this, the oldest events are dropped (a long offline spell must not grow without bound). */
  maxQueued: number;
}

export interface AnalyticsQueue {
  push(event: AnalyticsEvent): void;
  /** Sends everything waiting, in batches, through every transport. */
  flush(): Promise<void>;
  /** Page hide: sends everything with requests that survive the page. */
  flushOnHide(): void;
  size(): number;
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Batching: events wait a few seconds (or until enough have gathered) and go out together. Failed
 * sends are dropped: analytics are best effort and must never bother the person using the app.
 */
export function createAnalyticsQueue(options: AnalyticsQueueOptions): AnalyticsQueue {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const cancelTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  function sendAll(unloading: boolean): Promise<void> {
    cancelTimer();
    const batches = chunks(queue.splice(0), options.maxBatch);
    return Promise.all(
      batches.flatMap((batch) =>
        options.transports.map((transport) =>
          transport.send(batch, { unloading }).catch(() => {
            // Dropped quietly (see above).
          }),
        ),
      ),
    ).then(() => undefined);
  }

  const flush = () => sendAll(false);

  return {
    push(event) {
      queue.push(event);
      if (queue.length > options.maxQueued) queue = queue.slice(-options.maxQueued);
      if (queue.length >= options.flushAt) void flush();
      else timer ??= setTimeout(() => void flush(), options.flushDelayMs);
    },
    flush,
    flushOnHide() {
      void sendAll(true);
    },
    size: () => queue.length,
  };
}
