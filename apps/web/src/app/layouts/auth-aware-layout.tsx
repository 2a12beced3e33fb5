import { useLoaderData } from 'react-router';
import { userKeys, useUser } from '../../features/auth/api/get-user';
import { unreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import { getAuthStatus, useAuthStatus } from '../../lib/auth-status';
import { withFirstViewData } from '../../lib/first-view-data';
import type { optionalAuth } from '../guards';
import { GuestChrome } from './guest-chrome';
import { SignedInChrome } from './signed-in-chrome';

/** Shared collections (docs/product.md): the app's own frame for a signed-in visitor, a guest bar otherwise. */
function AuthAwareLayout() {
  const loaderUser = useLoaderData<typeof optionalAuth>();
  const signedIn = useAuthStatus() === 'signed-in' && loaderUser !== null;
  const { data } = useUser({ enabled: signedIn, meta: { silent: true } });
  const user = signedIn ? (data ?? loaderUser) : null;
  return user ? <SignedInChrome user={user} /> : <GuestChrome />;
}

/**
 * The signed-in frame's unread badge, only when the guard found someone (the loader put them in the
 * cache); a guest's bar asks for nothing.
 */
export default withFirstViewData(AuthAwareLayout, async ({ queryClient }) => {
  const signedIn = getAuthStatus() === 'signed-in' && queryClient.getQueryData(userKeys.all) !== undefined;
  if (signedIn) await queryClient.prefetchQuery(unreadCountQueryOptions());
});
