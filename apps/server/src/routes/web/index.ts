import type { FastifyInstance } from 'fastify';
import { authorize, verifyCsrf } from '../../plugins/app/auth/request-auth';
import { maintenanceGate } from '../../plugins/app/maintenance/maintenance-gate';
import webAuthRoutes from './auth';
import unsubscribeRoutes from './unsubscribe';

/** The web client's base: same gates as the API, different paths. */
export default async function webRoutes(app: FastifyInstance) {
  maintenanceGate(app);
  app.addHook('preValidation', verifyCsrf);
  app.addHook('preValidation', authorize);
  await app.register(webAuthRoutes);
  await app.register(unsubscribeRoutes);
}
