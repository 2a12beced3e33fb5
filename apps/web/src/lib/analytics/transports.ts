import { appConfig } from '../../config';
import { apiClient, type HttpClient } from '../api-client';
import { snakeizeKeys } from '../case';
import { readCookie } from '../cookies';
import type { AnalyticsEvent, AnalyticsTransport } from './analytics-queue';

type Beacon = (url: string, data: Blob) => boolean;

const browserBeacon = (): Beacon | undefined =>
  typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined;

export interface ServerTransportOptions {
  client?: Pick<HttpClient, 'post'>;
  beacon?: () => Beacon | undefined;
  /** Absolute or root-relative URL of POST api/analytics/events, for requests that bypass the client. */
  url?: string;
  /** In token mode (Android) the bearer token; a beacon cannot carry it, so keepalive fetch is used. */
  bearerToken?: () => string | null;
}

/**
 * Our own server (POST api/analytics/events). Normal flushes go through the API client (JSON body,
 * no error dialogs: the caller swallows failures, a 401 included). A page being hidden sends a beacon
 * instead: beacons cannot set headers, so the XSRF token rides in the body as `_token`.
 */
export function serverTransport({
  client = apiClient,
  beacon = browserBeacon,
  url = `${appConfig.serverOrigin}/api/analytics/events`,
  bearerToken = () => (appConfig.tokenMode ? readCookie(appConfig.authCookieName) : null),
}: ServerTransportOptions = {}): AnalyticsTransport {
  return {
    async send(events, { unloading = false } = {}) {
      if (!unloading) {
        await client.post('analytics/events', { events }, { json: true });
        return;
      }
      const xsrf = readCookie('XSRF-TOKEN');
      const token = bearerToken();
      const body = JSON.stringify(snakeizeKeys({ events, ...(xsrf && !token ? { _token: xsrf } : {}) }));
      const send = beacon();
      if (!token && send?.(url, new Blob([body], { type: 'application/json' }))) return;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      else if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
      await fetch(url, { method: 'POST', headers, body, credentials: token ? 'omit' : 'include', keepalive: true });
    },
  };
}

/**
 * An outside analytics endpoint (appConfig.analyticsProviderUrl) that receives the same batches as
 * JSON `{ events }`. No cookies go there. Its beacon is typed text/plain, which needs no CORS
 * preflight (a beacon cannot answer one); the body is still JSON.
 */
export function providerTransport(url: string, beacon: () => Beacon | undefined = browserBeacon): AnalyticsTransport {
  return {
    async send(events: AnalyticsEvent[], { unloading = false } = {}) {
      const body = JSON.stringify({ events });
      if (unloading && beacon()?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
      await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        credentials: 'omit',
        keepalive: unloading,
      });
    },
  };
}
