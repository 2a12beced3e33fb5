import { appConfig } from '../../../config';
import { apiClient, webClient } from '../../../lib/api-client';
import { writeCookie } from '../../../lib/cookies';
import { fetchCsrfCookie } from './csrf-cookie';

/** `tokenResponse` of @wink/contracts/auth. */
interface TokenResponse {
  data: { token: string };
}

export interface Credentials {
  email: string;
  password: string;
  remember: boolean;
}

/** What the server knows this device as in token mode; shown in its list of signed-in devices. */
export function deviceName(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform;
  return `Wink Health on ${platform || 'unknown'}`.slice(0, 255);
}

/**
 * Step two of sign-in (docs/wire.md). Cookie mode starts a session (a fresh CSRF cookie first, as
 * Sanctum asks); token mode (Android) gets a bearer token and keeps it in the auth cookie, for the
 * configured lifetime only when "remember me" is set, else for the browser session.
 */
export async function login({ email, password, remember }: Credentials): Promise<void> {
  if (appConfig.tokenMode) {
    const response = await apiClient.post<TokenResponse>('auth/login', { email, password, device_name: deviceName() });
    writeCookie(appConfig.authCookieName, response.data.token, remember ? appConfig.authCookieLifetimeDays : undefined);
    return;
  }
  await fetchCsrfCookie();
  await webClient.post('login', { email, password, remember });
}
