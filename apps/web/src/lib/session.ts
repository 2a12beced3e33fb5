import { appConfig } from '../config';
import { setAuthStatus } from './auth-status';
import { deleteCookie } from './cookies';
import { queryClient } from './query-client';

/** Keys that outlive a sign-out: they describe the device, not the person. */
const DEVICE_KEYS = ['mui-mode', 'mui-color-scheme-light', 'mui-color-scheme-dark'];

/**
 * What a visitor bounced to sign-in loses (docs/product.md): the cached user, the token cookie and the
 * signed-in flag. Cheap and safe to call when nothing is stored.
 */
export function clearLocalAuthData(): void {
  queryClient.removeQueries({ queryKey: ['user'] });
  deleteCookie(appConfig.authCookieName);
  setAuthStatus('signed-out');
}

/**
 * Logout's local half (docs/data.md): user, every cached query, the token cookie, local and session
 * storage. The theme choice survives, as it belongs to the device.
 */
export function clearEverythingLocal(): void {
  queryClient.clear();
  deleteCookie(appConfig.authCookieName);
  try {
    const kept = DEVICE_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // Storage disabled: nothing was kept there either.
  }
  setAuthStatus('signed-out');
}

/** Only same-origin paths are followed after sign-in; anything else falls back to home. */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
