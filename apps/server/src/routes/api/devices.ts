import { pushRegisterBody, pushUnregisterBody } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';
import { pushRepository } from '../../plugins/app/devices/push-repository';

const tags = ['push'];

export default async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/push/register',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Register a device for push notifications (upsert by token)',
        tags,
        body: pushRegisterBody,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await pushRepository.register(app.database.db, user.id, req.body);
      return reply.code(204).send(null);
    },
  );

  // Unregistering a token that is already gone is not an error: the device wants it gone, and it is.
  app.patch(
    '/push/unregister',
    {
      config: { auth: 'user' },
      schema: { summary: 'Forget a push token of mine', tags, body: pushUnregisterBody, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await pushRepository.unregister(app.database.db, user.id, req.body.token);
      return reply.code(204).send(null);
    },
  );
}
