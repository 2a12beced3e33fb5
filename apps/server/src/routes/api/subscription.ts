import { plansResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { plansRepository, toPlanResource } from '../../plugins/app/plans/plans-repository';

/** Plans are public: anyone may see what they would pay. */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/subscription/plans',
    { schema: { summary: 'Active plans, cheapest first', tags: ['subscription'], response: { 200: plansResponse } } },
    async (_req, reply) => {
      const rows = await plansRepository.listActive(app.database.db);
      reply.header('cache-control', 'private, max-age=300');
      return { data: rows.map((row) => toPlanResource(row, app.config.appUrl)) };
    },
  );
}
