/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SERVER_ORIGIN?: string;
  readonly VITE_TOKEN_MODE?: string;
  readonly VITE_AUTH_COOKIE_NAME?: string;
  readonly VITE_AUTH_COOKIE_LIFETIME_DAYS?: string;
  readonly VITE_QUERY_STALE_TIME?: string;
  readonly VITE_APP_UPDATE_INTERVAL?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_ANALYTICS_PROVIDER_URL?: string;
}

declare const __APP_VERSION__: string;
declare const __BUILD_ID__: string;
