import {
  createDiscussionBody,
  cursorQuery,
  discussionParams,
  discussionResponse,
  discussionsQuery,
  discussionsResponse,
  updateDiscussionBody,
  upvoteResponse,
  userSidParams,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['discussions'];

/** Discussions: the list (scopes, search, per article), one discussion, the owner's changes, upvotes, profile tabs. */
export default async function discussionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/discussions',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Discussions I may see, most recent activity first (q: websearch syntax; scope: all, mine, joined)',
        tags,
        querystring: discussionsQuery,
        response: { 200: discussionsResponse },
      },
    },
    async (req) => {
      const { q, scope, article_id: articleId, cursor } = req.query;
      return app.discussions.list(currentUser(req), { q, scope, articleId }, cursor);
    },
  );

  app.post(
    '/discussions',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Open a discussion (I become its owner)',
        tags,
        body: createDiscussionBody,
        response: { 201: discussionResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await app.discussions.create(currentUser(req), req.body) }),
  );

  app.get(
    '/discussions/:id',
    {
      config: { auth: 'read' },
      schema: {
        summary: "One discussion (invite-only non-members get the title and the owner's summary; body and excerpt null)",
        tags,
        params: discussionParams,
        response: { 200: discussionResponse },
      },
    },
    async (req) => ({ data: await app.discussions.show(currentUser(req), req.params.id) }),
  );

  app.patch(
    '/discussions/:id',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Change the title, body, summary or access type (owner only)',
        tags,
        params: discussionParams,
        body: updateDiscussionBody,
        response: { 200: discussionResponse },
      },
    },
    async (req) => ({ data: await app.discussions.update(currentUser(req), req.params.id, req.body) }),
  );

  app.delete(
    '/discussions/:id',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Delete a discussion with its comments (owner only)',
        tags,
        params: discussionParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await app.discussions.delete(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const [method, upvoted] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/discussions/:id/upvote',
      {
        config: { auth: 'write' },
        schema: {
          summary: upvoted ? 'Upvote a discussion (again is fine)' : 'Take back my upvote (none is fine)',
          tags,
          params: discussionParams,
          response: { 200: upvoteResponse },
        },
      },
      async (req) => ({ data: await app.discussions.setUpvote(currentUser(req), req.params.id, upvoted) }),
    );
  }

  app.get(
    '/users/:sid/discussions',
    {
      config: { auth: 'read' },
      schema: {
        summary: "A person's discussions that I may see, most recent activity first",
        tags,
        params: userSidParams,
        querystring: cursorQuery,
        response: { 200: discussionsResponse },
      },
    },
    async (req) => app.discussions.listOwnedBy(currentUser(req), req.params.sid, req.query.cursor),
  );

  app.get(
    '/users/:sid/upvotes',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'The discussions a person upvoted that I may see, most recent upvote first',
        tags,
        params: userSidParams,
        querystring: cursorQuery,
        response: { 200: discussionsResponse },
      },
    },
    async (req) => app.discussions.listUpvotedBy(currentUser(req), req.params.sid, req.query.cursor),
  );
}
