/**
 * Client configuration. Build-time values come from Vite's env (`VITE_*`, see apps/web/.env);
 * values the server knows at run time (the Sentry DSN) come from <meta> tags it writes into index.html.
 */
const env = import.meta.env;

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
}

function metaContent(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export const appConfig = {
  /** Origin of the server; empty means this page's origin (the web app). The Android shell sets it. */
  serverOrigin: env.VITE_SERVER_ORIGIN ?? '',
  /** Token mode (docs/data.md): off by default on the web, on in the Android shell. */
  tokenMode:
    env.VITE_TOKEN_MODE === 'true' ||
    (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.() === true,
  authCookieName: env.VITE_AUTH_COOKIE_NAME || 'auth_token',
  authCookieLifetimeDays: numberFrom(env.VITE_AUTH_COOKIE_LIFETIME_DAYS, 365),
  /** Default stale time for queries without their own (docs/rules.md: from configuration). */
  queryStaleTime: numberFrom(env.VITE_QUERY_STALE_TIME, 60_000),
  /** Minutes between service-worker update checks (docs/rules.md: setting 30, default 60). */
  appUpdateIntervalMinutes: numberFrom(env.VITE_APP_UPDATE_INTERVAL, 60),
  appVersion: __APP_VERSION__,
  buildId: __BUILD_ID__,
  sentryDsn: () => metaContent('wink:sentry-dsn') ?? env.VITE_SENTRY_DSN ?? '',
  /** Optional external analytics endpoint that receives the same batches as our own. */
  analyticsProviderUrl: env.VITE_ANALYTICS_PROVIDER_URL ?? '',
} as const;

export const SPINNER_DELAY_MS = 500;
export const USER_STALE_TIME_MS = 300_000;
export const PLANS_STALE_TIME_MS = 300_000;
export const DEFAULT_MAINTENANCE_RETRY_SECONDS = 60;
export const SEARCH_DEBOUNCE_MS = 1000;
export const SEARCH_MIN_LENGTH = 1;
export const COLLECTION_ITEM_LIMIT = 100;
