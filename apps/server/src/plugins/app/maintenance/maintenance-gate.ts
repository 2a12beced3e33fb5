import type { FastifyInstance } from 'fastify';

export const MAINTENANCE_MESSAGE = 'We are down for maintenance and will be back shortly.';

/** While maintenance is on, every route of the scope answers 503 with when to try again. */
export function maintenanceGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    const state = app.maintenance.current;
    if (!state) return;
    return reply
      .code(503)
      .header('retry-after', String(state.retry_after))
      .send({ message: MAINTENANCE_MESSAGE, maintenance: { retry_after: state.retry_after } });
  });
}
