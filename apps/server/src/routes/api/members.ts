import {
  accessRequestParams,
  accessRequestResponse,
  accessRequestsResponse,
  cursorQuery,
  discussionParams,
  inviteBody,
  inviteResponse,
  memberParams,
  membersResponse,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['discussion members'];

/** Who belongs to a discussion: members, invitations and requests to join. */
export default async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/discussions/:id/members',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'The members: the owner first, then by the date they joined',
        tags,
        params: discussionParams,
        querystring: cursorQuery,
        response: { 200: membersResponse },
      },
    },
    async (req) => app.members.list(currentUser(req), req.params.id, req.query.cursor),
  );

  app.delete(
    '/discussions/:id/members/:sid',
    {
      config: { auth: 'write' },
      schema: { summary: 'Remove a member (owner), or leave (myself)', tags, params: memberParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.members.remove(currentUser(req), req.params.id, req.params.sid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/discussions/:id/invites',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Invite a person: they become a member at once (owner only)',
        tags,
        params: discussionParams,
        body: inviteBody,
        response: { 201: inviteResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await app.members.invite(currentUser(req), req.params.id, req.body.sid) }),
  );

  app.post(
    '/discussions/:id/access-requests',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Ask to join an invite-only discussion (once)',
        tags,
        params: discussionParams,
        response: { 201: accessRequestResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await app.members.requestAccess(currentUser(req), req.params.id) }),
  );

  app.get(
    '/discussions/:id/access-requests',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Pending requests to join, oldest first (owner only)',
        tags,
        params: discussionParams,
        querystring: cursorQuery,
        response: { 200: accessRequestsResponse },
      },
    },
    async (req) => app.members.listRequests(currentUser(req), req.params.id, req.query.cursor),
  );

  for (const [action, status] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/discussions/:id/access-requests/:rid/${action}`,
      {
        config: { auth: 'write' },
        schema: {
          summary: action === 'accept' ? 'Accept a request: the person becomes a member (owner only)' : 'Reject a request (owner only)',
          tags,
          params: accessRequestParams,
          response: { 200: accessRequestResponse },
        },
      },
      async (req) => ({ data: await app.members.decide(currentUser(req), req.params.id, req.params.rid, status) }),
    );
  }
}
