import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { appConfig } from '../../../config';
import { track } from '../../../lib/analytics';
import { apiClient, webClient } from '../../../lib/api-client';
import { loadPushService } from '../../../lib/native/push';
import { clearEverythingLocal } from '../../../lib/session';

/** Ends the session (cookie mode) or revokes the bearer token (token mode) on the server. */
export async function logoutRequest(): Promise<void> {
  if (appConfig.tokenMode) await apiClient.post('auth/logout');
  else await webClient.post('logout');
}

/**
 * Logout (docs/data.md). The event goes out first, and the device's push registration is dropped, while
 * the session that sends them still exists.
 * Whatever the server answers (an expired session, no connection), this device forgets everything:
 * a person who pressed "Sign out" must never stay signed in here.
 */
export async function signOut(): Promise<void> {
  track('user_signed_out');
  try {
    // On Android this device stops receiving the person's notifications (while the token still works).
    await (await loadPushService())?.disable();
  } catch {
    // Push failures are reported by the push service itself and never block signing out.
  }
  try {
    await logoutRequest();
  } catch {
    // Deliberately ignored: see above; the server session expires on its own.
  }
  clearEverythingLocal();
}

/** Signs out, then shows the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    await navigate(paths.SignIn(), { replace: true });
  };
}
