import { useLoaderData } from 'react-router';
import { useUser } from '../../features/auth/api/get-user';
import { useAuthStatus } from '../../lib/auth-status';
import type { requireAuth } from '../guards';
import { SignedInChrome } from './signed-in-chrome';

/**
 * Every sign-in-required route (docs/product.md). The guard's loader has put the user in the cache; the
 * query keeps the bar current after profile edits and stops once signed out, so a sign-out
 * does not refetch the user it just forgot.
 */
export default function MainLayout() {
  const loaderUser = useLoaderData<typeof requireAuth>();
  const signedIn = useAuthStatus() === 'signed-in';
  const { data: user = loaderUser } = useUser({ enabled: signedIn });
  return <SignedInChrome user={user} />;
}
