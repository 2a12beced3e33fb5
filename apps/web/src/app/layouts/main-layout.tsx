import { useLoaderData } from 'react-router';
import { useUser } from '../../features/auth/api/get-user';
import { unreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import { useAuthStatus } from '../../lib/auth-status';
import { withFirstViewData } from '../../lib/first-view-data';
import type { requireAuth } from '../guards';
import { SignedInChrome } from './signed-in-chrome';

/**
 * Every sign-in-required route (docs/product.md). The guard's loader has put the user in the cache; the
 * query keeps the bar current after profile edits and stops once signed out, so a sign-out
 * does not refetch the user it just forgot.
 */
function MainLayout() {
  const loaderUser = useLoaderData<typeof requireAuth>();
  const signedIn = useAuthStatus() === 'signed-in';
  const { data: user = loaderUser } = useUser({ enabled: signedIn });
  return <SignedInChrome user={user} />;
}

/** The app bar's unread badge, on every signed-in page. */
export default withFirstViewData(MainLayout, ({ queryClient }) => queryClient.prefetchQuery(unreadCountQueryOptions()));
