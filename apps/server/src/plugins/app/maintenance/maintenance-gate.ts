import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MaintenanceState } from './maintenance-store';

export const MAINTENANCE_MESSAGE = 'We are down for maintenance and will be back shortly.';

/** The one maintenance answer: 503, when to come back as a header and in the body. */
export function sendMaintenance(reply: FastifyReply, state: MaintenanceState) {
  return reply
    .code(503)
    .header('retry-after', String(state.retry_after))
    .send({ message: MAINTENANCE_MESSAGE, maintenance: { retry_after: state.retry_after } });
}

/**
 * While maintenance is on, every route of the scope answers 503, except to signed-in admins: they
 * keep the app and the console (where maintenance is switched off again), like Laravel's bypass.
 */
export function maintenanceGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const state = app.maintenance.current;
    if (!state) return;
    if ((await req.auth()).user?.role === 'admin') return;
    return sendMaintenance(reply, state);
  });
}
