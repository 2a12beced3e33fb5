import { commentParams, discussionParams, reportBody, reportResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['reports'];

/** Reporting to the moderators: anyone who may read may report what they can see, once. */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/discussions/:id/report',
    {
      config: { auth: 'read' },
      schema: { summary: 'Report a discussion', tags, params: discussionParams, body: reportBody, response: { 201: reportResponse } },
    },
    async (req, reply) => reply.code(201).send(await app.reports.reportDiscussion(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/comments/:cid/report',
    {
      config: { auth: 'read' },
      schema: { summary: 'Report a comment or reply', tags, params: commentParams, body: reportBody, response: { 201: reportResponse } },
    },
    async (req, reply) => reply.code(201).send(await app.reports.reportComment(currentUser(req), req.params.cid, req.body)),
  );
}
