import { analyticsAccepted, analyticsBatchBody, feedbackBody, feedbackResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';
import { insightsRepository } from '../../plugins/app/insights/insights-repository';
import { tooManyRequests } from '../../lib/errors';

export default async function insightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/feedback',
    {
      config: { auth: 'user' },
      schema: { summary: 'Send feedback about the product', tags: ['feedback'], body: feedbackBody, response: { 201: feedbackResponse } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const decision = await app.limiter.hit(`feedback:${user.id}`, 10, 60 * 60_000);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const row = await insightsRepository.addFeedback(app.database.db, user.id, req.body);
      return reply.code(201).send({
        data: {
          id: row.publicId,
          message: row.message,
          rating: row.rating,
          page: row.page,
          app_version: row.appVersion,
          created_at: row.createdAt.toISOString(),
        },
      });
    },
  );

  // Guests send events too (page views on the sign-in page, "user signed out"), so no sign-in is needed.
  app.post(
    '/analytics/events',
    {
      schema: {
        summary: 'Record a batch of analytics events (at most 50)',
        tags: ['analytics'],
        body: analyticsBatchBody,
        response: { 202: analyticsAccepted },
      },
    },
    async (req, reply) => {
      const decision = await app.limiter.hit(`analytics:ip:${req.ip}`, 120, 60_000);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      const { user } = await req.auth();
      const accepted = await insightsRepository.addEvents(app.database.db, user?.id ?? null, req.body.events);
      return reply.code(202).send({ data: { accepted } });
    },
  );
}
