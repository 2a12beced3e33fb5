import { ADMIN_MESSAGES } from '@wink/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../../plugins/app/auth/request-auth';
import { forbidden } from '../../../lib/errors';
import corpusSyncRoutes from './corpus-sync';
import maintenanceRoutes from './maintenance';
import planRoutes from './plans';
import reportRoutes from './reports';
import statsRoutes from './stats';
import userRoutes from './users';

/**
 * Admins only, for the whole group in one hook: guests get 401, everyone else 403 with a sentence.
 * It runs after the API's CSRF check and before validation, so nobody else learns what a body should hold.
 */
async function requireAdmin(req: FastifyRequest): Promise<void> {
  const user = await requireUser(req);
  if (user.role !== 'admin') throw forbidden(ADMIN_MESSAGES.adminsOnly);
  req.user = user;
}

/** The admin console's API (`/api/admin/...`). */
export default async function adminRoutes(app: FastifyInstance) {
  app.addHook('preValidation', requireAdmin);
  await app.register(statsRoutes);
  await app.register(planRoutes);
  await app.register(userRoutes);
  await app.register(reportRoutes);
  await app.register(maintenanceRoutes);
  await app.register(corpusSyncRoutes);
}
