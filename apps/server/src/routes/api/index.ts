import { healthResponse, unavailableResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorize, verifyCsrf } from '../../plugins/app/auth/request-auth';
import { sendUnavailable } from '../../plugins/app/health/dependencies';
import { maintenanceGate } from '../../plugins/app/maintenance/maintenance-gate';
import adminRoutes from './admin/index';
import articleRoutes from './articles';
import authRoutes from './auth';
import billingWebhookRoutes from './billing-webhook';
import blockRoutes from './blocks';
import collectionRoutes from './collections';
import commentRoutes from './comments';
import deviceRoutes from './devices';
import discussionRoutes from './discussions';
import healthbotRoutes from './healthbot';
import insightRoutes from './insights';
import memberRoutes from './members';
import notificationRoutes from './notifications';
import peopleRoutes from './people';
import pushSubscriptionRoutes from './push-subscriptions';
import reportRoutes from './reports';
import searchRoutes from './search';
import sharedRoutes from './shared';
import subscriptionRoutes from './subscription';
import testCheckoutRoutes from './test-checkout';
import topicRoutes from './topics';
import userRoutes from './user';

/** The API client's base (`/api/`): maintenance and CSRF for the whole group, then each resource. */
export default async function apiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  maintenanceGate(fastify);
  fastify.addHook('preValidation', verifyCsrf);
  fastify.addHook('preValidation', authorize);

  app.get(
    '/',
    {
      schema: {
        summary:
          'Health: ok with each dependency (database, Redis) up or down; 503 with retry_after during maintenance or while the database is away',
        tags: ['health'],
        response: { 200: healthResponse, 503: unavailableResponse },
      },
    },
    // Asks the database now rather than trusting the last request's luck: a load balancer polls this.
    async (_req, reply) => {
      const { dependencies } = fastify;
      if (!(await dependencies.database.check())) return sendUnavailable(reply, dependencies);
      return { status: 'ok' as const, dependencies: dependencies.states };
    },
  );

  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(subscriptionRoutes);
  await app.register(testCheckoutRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(deviceRoutes);
  await app.register(pushSubscriptionRoutes);
  await app.register(insightRoutes);
  await app.register(blockRoutes);
  await app.register(notificationRoutes);
  await app.register(searchRoutes);
  await app.register(articleRoutes);
  await app.register(topicRoutes);
  await app.register(discussionRoutes);
  await app.register(memberRoutes);
  await app.register(commentRoutes);
  await app.register(peopleRoutes);
  await app.register(reportRoutes);
  await app.register(collectionRoutes);
  await app.register(sharedRoutes);
  await app.register(healthbotRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
}
