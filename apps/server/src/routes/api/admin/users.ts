import {
  adminUserDetailResponse,
  adminUserParams,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  changePlanBody,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, tags } from './shared';

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users',
    {
      schema: {
        summary: 'Find people by part of their e-mail address or name, newest first',
        tags,
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse },
      },
    },
    async (req) => app.admin.users.list(req.query.q, req.query.cursor),
  );

  app.get(
    '/users/:sid',
    {
      schema: {
        summary: 'One person with the reports filed against them',
        tags,
        params: adminUserParams,
        response: { 200: adminUserDetailResponse },
      },
    },
    async (req) => ({ data: await app.admin.userDetail(req.params.sid) }),
  );

  app.post(
    '/users/:sid/ban',
    {
      schema: {
        summary: 'Suspend an account: sign-in refused, sessions and tokens revoked',
        tags,
        params: adminUserParams,
        response: { 200: adminUserResponse },
      },
    },
    async (req) => ({ data: await app.admin.users.ban(actorOf(req), req.params.sid) }),
  );

  app.post(
    '/users/:sid/unban',
    { schema: { summary: 'Restore a suspended account', tags, params: adminUserParams, response: { 200: adminUserResponse } } },
    async (req) => ({ data: await app.admin.users.unban(actorOf(req), req.params.sid) }),
  );

  app.put(
    '/users/:sid/plan',
    {
      schema: {
        summary: 'Put a person on a plan (or none, with plan_id null)',
        tags,
        params: adminUserParams,
        body: changePlanBody,
        response: { 200: adminUserResponse },
      },
    },
    async (req) => ({ data: await app.admin.users.changePlan(actorOf(req), req.params.sid, req.body.plan_id) }),
  );
}
