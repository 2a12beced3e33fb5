import { adminReportResponse, adminReportsQuery, adminReportsResponse, reportParams } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, tags } from './shared';

export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reports',
    {
      schema: {
        summary: 'The reports queue with the reported content: open ones oldest first, resolved ones newest first',
        tags,
        querystring: adminReportsQuery,
        response: { 200: adminReportsResponse },
      },
    },
    async (req) => app.admin.reports.list(req.query.status, req.query.cursor),
  );

  const actions = [
    ['hide', 'Hide the reported content from everyone; closes the open reports about it', 'hide'],
    ['dismiss', 'Close the report and leave the content as it is', 'dismiss'],
    ['ban-author', "Suspend the content's author; closes the open reports about it", 'banAuthor'],
  ] as const;
  for (const [path, summary, method] of actions) {
    app.post(
      `/reports/:id/${path}`,
      { schema: { summary, tags, params: reportParams, response: { 200: adminReportResponse } } },
      async (req) => ({ data: await app.admin.reports[method](actorOf(req), req.params.id) }),
    );
  }
}
