import { vapidPublicKeyResponse, webPushSubscriptionBody, webPushUnsubscribeBody } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['push'];

/** Web push: the key a browser subscribes with, and the subscriptions themselves (settings, webNotifications). */
export default async function pushSubscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/push/vapid-public-key',
    {
      config: { auth: 'user' },
      schema: { summary: "The server's VAPID public key (applicationServerKey)", tags, response: { 200: vapidPublicKeyResponse } },
    },
    async () => ({ data: { public_key: app.delivery.webPush.keys.publicKey } }),
  );

  app.post(
    '/push/subscriptions',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Receive web push in this browser (upsert by endpoint)',
        tags,
        body: webPushSubscriptionBody,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await app.delivery.subscriptions.subscribe(currentUser(req).id, req.body, req.headers['user-agent']);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { auth: 'user' },
      schema: { summary: 'Stop web push in this browser', tags, body: webPushUnsubscribeBody, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.delivery.subscriptions.unsubscribe(currentUser(req).id, req.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
