import { useLoaderData } from 'react-router';
import { useUser } from '../../features/auth/api/get-user';
import { useAuthStatus } from '../../lib/auth-status';
import type { optionalAuth } from '../guards';
import { GuestChrome } from './guest-chrome';
import { SignedInChrome } from './signed-in-chrome';

/** Shared collections (docs/product.md): the app's own frame for a signed-in visitor, a guest bar otherwise. */
export default function AuthAwareLayout() {
  const loaderUser = useLoaderData<typeof optionalAuth>();
  const signedIn = useAuthStatus() === 'signed-in' && loaderUser !== null;
  const { data } = useUser({ enabled: signedIn, meta: { silent: true } });
  const user = signedIn ? (data ?? loaderUser) : null;
  return user ? <SignedInChrome user={user} /> : <GuestChrome />;
}
