import { blockedUsersResponse, cursorQuery, userSidParams } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['blocks'];

/** Blocking people. Every answer is about the blocker's own list; the blocked person is never told. */
export default async function blockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/user/blocked-users',
    {
      config: { auth: 'user' },
      schema: { summary: 'The people I blocked, newest first', tags, querystring: cursorQuery, response: { 200: blockedUsersResponse } },
    },
    async (req) => app.blocks.listBlocked(currentUser(req), req.query.cursor),
  );

  app.post(
    '/users/:sid/block',
    {
      config: { auth: 'user' },
      schema: { summary: 'Block a person (again is fine; myself is 422)', tags, params: userSidParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.blocks.block(currentUser(req), req.params.sid);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/:sid/block',
    {
      config: { auth: 'user' },
      schema: { summary: 'Unblock a person (not blocked, or gone, is fine)', tags, params: userSidParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.blocks.unblock(currentUser(req), req.params.sid);
      return reply.code(204).send(null);
    },
  );
}
