import { redirect, type LoaderFunctionArgs } from 'react-router';
import { userQueryOptions } from '../features/auth/api/get-user';
import { ApiError } from '../lib/api-client';
import { getAuthStatus, setAuthStatus } from '../lib/auth-status';
import { handleRequestError } from '../lib/errors/handle-request-error';
import { queryClient } from '../lib/query-client';
import { clearLocalAuthData } from '../lib/session';
import { HOME_PATH, paths } from '../lib/paths';

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}${url.hash}`;
  return `${paths.SignIn()}?redirect=${encodeURIComponent(target)}`;
}

/** requires-authentication (docs/rules.md): no user, no page; off to sign in with the way back. */
export async function requireAuth({ request }: LoaderFunctionArgs) {
  try {
    const user = await queryClient.ensureQueryData({ ...userQueryOptions(), meta: { silent: true } });
    setAuthStatus('signed-in');
    return user;
  } catch (error) {
    if (isUnauthenticated(error)) {
      clearLocalAuthData();
      throw redirect(signInUrl(request));
    }
    // Offline, maintenance, a server fault: the catalogue shows its dialog; the route shows a retry.
    handleRequestError(error);
    throw error;
  }
}

/** requires-guest (docs/rules.md): a signed-in person is sent home. */
export async function requireGuest() {
  if (getAuthStatus() === 'signed-out') return null;
  try {
    await queryClient.ensureQueryData({ ...userQueryOptions(), meta: { silent: true } });
  } catch {
    // Whatever went wrong, the visitor can still try to sign in; the form reports real failures.
    setAuthStatus('signed-out');
    return null;
  }
  setAuthStatus('signed-in');
  throw redirect(HOME_PATH);
}

/** The shared-collection layout works for both: it only wants to know who is looking, if anyone. */
export async function optionalAuth() {
  if (getAuthStatus() === 'signed-out') return null;
  try {
    const user = await queryClient.ensureQueryData({ ...userQueryOptions(), meta: { silent: true } });
    setAuthStatus('signed-in');
    return user;
  } catch {
    setAuthStatus('signed-out');
    return null;
  }
}
