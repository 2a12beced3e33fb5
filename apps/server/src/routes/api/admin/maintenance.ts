import { adminMaintenanceResponse, maintenanceOnBody } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, tags } from './shared';

export default async function maintenanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/maintenance',
    { schema: { summary: 'Whether maintenance mode is on, and its retry time', tags, response: { 200: adminMaintenanceResponse } } },
    async () => ({ data: await app.admin.maintenanceState() }),
  );

  app.post(
    '/maintenance',
    {
      schema: {
        summary: 'Maintenance on (like npm run down): everyone but admins gets 503 with this retry time',
        tags,
        body: maintenanceOnBody,
        response: { 200: adminMaintenanceResponse },
      },
    },
    async (req) => ({ data: await app.admin.setMaintenance(actorOf(req), req.body.retry_after) }),
  );

  app.delete(
    '/maintenance',
    { schema: { summary: 'Maintenance off (like npm run up)', tags, response: { 200: adminMaintenanceResponse } } },
    async (req) => ({ data: await app.admin.setMaintenance(actorOf(req), null) }),
  );
}
