import { appConfig } from '../config';
import type { AnalyticsProperties } from './analytics/analytics-queue';
import { createAnalytics, type TrackedEventName } from './analytics/create-analytics';
import { providerTransport, serverTransport } from './analytics/transports';

/**
 * The analytics API every feature calls: `track('user_signed_in')`, and `trackPageView(routeName, path)`
 * after each navigation (root-shell). Events go out in batches to POST api/analytics/events, and to
 * the external provider when one is configured (appConfig.analyticsProviderUrl).
 */
export type { AnalyticsProperties };

const analytics = createAnalytics({
  transports: [serverTransport(), ...(appConfig.analyticsProviderUrl ? [providerTransport(appConfig.analyticsProviderUrl)] : [])],
});

export function track(name: TrackedEventName, properties: AnalyticsProperties = {}): void {
  analytics.track(name, properties);
}

export function trackPageView(routeName: string, path: string): void {
  analytics.trackPageView(routeName, path);
}

/** Call once at startup: flushes with a beacon whenever the page is hidden or left. */
export function startAnalytics(): () => void {
  return analytics.listen();
}
