import { redirect } from 'react-router';
import { userQueryOptions } from '../features/auth/api/get-user';
import { HOME_PATH } from '../lib/paths';
import { queryClient } from '../lib/query-client';

/**
 * The admin console, loaded through one import: admins only, so none of it is in anyone else's
 * download; its sections are descendant routes inside (features/admin/components/admin-routes.tsx).
 */
export { default as AdminRoutes } from '../features/admin/components/admin-routes';

/**
 * The console's guard, beside the main layout's sign-in guard: anyone but an admin is sent home (the
 * server refuses them every admin call anyway, with 403). Reads the cached current user.
 */
export async function requireAdmin() {
  const user = await queryClient.ensureQueryData({ ...userQueryOptions(), meta: { silent: true } });
  if (user.role !== 'admin') throw redirect(HOME_PATH);
  return null;
}
