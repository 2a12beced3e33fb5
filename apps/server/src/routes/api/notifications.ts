import { cursorQuery, notificationParams, notificationResponse, notificationsResponse, unreadCountResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['notifications'];

/** My notifications: the list, the badge's count, and marking them read. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications',
    {
      config: { auth: 'user' },
      schema: { summary: 'My notifications, newest first', tags, querystring: cursorQuery, response: { 200: notificationsResponse } },
    },
    async (req) => app.notifications.list(currentUser(req), req.query.cursor),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { auth: 'user' },
      schema: { summary: 'How many of my notifications are unread', tags, response: { 200: unreadCountResponse } },
    },
    async (req) => ({ data: { count: await app.notifications.unreadCount(currentUser(req)) } }),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { auth: 'user' },
      schema: { summary: 'Mark one of my notifications read', tags, params: notificationParams, response: { 200: notificationResponse } },
    },
    async (req) => ({ data: await app.notifications.markRead(currentUser(req), req.params.id) }),
  );

  app.post(
    '/notifications/read-all',
    { config: { auth: 'user' }, schema: { summary: 'Mark all my notifications read', tags, response: { 204: z.null() } } },
    async (req, reply) => {
      await app.notifications.markAllRead(currentUser(req));
      return reply.code(204).send(null);
    },
  );
}
