import type { AnalyticsEventName } from '@wink/contracts/analytics';
import { createAnalyticsQueue, type AnalyticsProperties, type AnalyticsQueueOptions } from './analytics-queue';

/** Same as MAX_EVENTS_PER_BATCH in @wink/contracts/analytics (a value import would pull zod into the entry; a test keeps them equal). */
export const MAX_BATCH = 50;

export const ANALYTICS_DEFAULTS = { maxBatch: MAX_BATCH, flushAt: 10, flushDelayMs: 5_000, maxQueued: 500 } as const;

export type TrackedEventName = Exclude<AnalyticsEventName, 'page_view'>;

export interface Analytics {
  track(name: TrackedEventName, properties?: AnalyticsProperties): void;
  trackPageView(routeName: string, path: string): void;
  flush(): Promise<void>;
  /** Sends what is waiting whenever the page is hidden or left; returns the function that stops it. */
  listen(
    target?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>,
    win?: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  ): () => void;
}

export function createAnalytics(
  options: Pick<AnalyticsQueueOptions, 'transports'> & Partial<AnalyticsQueueOptions> & { now?: () => Date; page?: () => string },
): Analytics {
  const queue = createAnalyticsQueue({ ...ANALYTICS_DEFAULTS, ...options });
  const now = options.now ?? (() => new Date());
  const page = options.page ?? (() => location.pathname);

  const push = (name: AnalyticsEventName, properties: AnalyticsProperties, path: string) =>
    queue.push({ name, properties, page: path, occurred_at: now().toISOString() });

  return {
    track(name, properties = {}) {
      push(name, properties, page());
    },
    trackPageView(routeName, path) {
      push('page_view', { route_name: routeName }, path);
    },
    flush: () => queue.flush(),
    listen(target = document, win = window) {
      const onVisibility = () => {
        if (target.visibilityState === 'hidden') queue.flushOnHide();
      };
      const onPageHide = () => queue.flushOnHide();
      target.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('pagehide', onPageHide);
      return () => {
        target.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('pagehide', onPageHide);
      };
    },
  };
}
