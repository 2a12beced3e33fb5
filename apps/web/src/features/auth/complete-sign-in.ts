import { track } from '../../lib/analytics';
import { setAuthStatus } from '../../lib/auth-status';
import { queryClient } from '../../lib/query-client';
import { userQueryOptions, type User } from './api/get-user';

/**
 * What follows a successful login or registration: the auth state flips to signed in, the user is
 * fetched fresh into the ['user'] cache (the guards and the app bar read it from there) and the
 * analytics event goes out. The fetch is silent: the caller's form reports a failure once.
 */
export async function completeSignIn(event: 'user_signed_in' | 'user_signed_up'): Promise<User> {
  setAuthStatus('signed-in');
  const user = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0, meta: { silent: true } });
  track(event);
  return user;
}
