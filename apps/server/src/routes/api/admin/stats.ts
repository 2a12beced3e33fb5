import { adminStatsQuery, adminStatsResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tags } from './shared';

export default async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stats',
    {
      schema: {
        summary: 'Totals now, and daily sign-ups, searches, discussions, comments and subscriptions per plan over a period',
        tags,
        querystring: adminStatsQuery,
        response: { 200: adminStatsResponse },
      },
    },
    async (req) => ({ data: await app.admin.stats(req.query.days ?? 30) }),
  );
}
