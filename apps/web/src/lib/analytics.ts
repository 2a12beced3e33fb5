import type { AnalyticsEventName } from '@wink/contracts/analytics';

/**
 * The analytics API every feature calls (placeholder body until the batching module lands this
 * session): `track('user_signed_in')`, `trackPageView(routeName, path)`.
 */
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export function track(_name: Exclude<AnalyticsEventName, 'page_view'>, _properties: AnalyticsProperties = {}): void {}

export function trackPageView(_routeName: string, _path: string): void {}
