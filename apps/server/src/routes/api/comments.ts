import {
  commentParams,
  commentResponse,
  commentsQuery,
  commentsResponse,
  commentThreadResponse,
  createCommentBody,
  discussionCommentParams,
  discussionParams,
  followResponse,
  updateCommentBody,
  upvoteResponse,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['comments'];

/** Comments and replies of a discussion, and what a reader does to one (edit, delete, upvote, follow). */
export default async function commentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/discussions/:id/comments',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Top-level comments, or one comment’s replies (parent_id), oldest first',
        tags,
        params: discussionParams,
        querystring: commentsQuery,
        response: { 200: commentsResponse },
      },
    },
    async (req) => app.comments.list(currentUser(req), req.params.id, req.query.cursor, req.query.parent_id),
  );

  app.post(
    '/discussions/:id/comments',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Comment, or reply to a top-level comment (parent_id)',
        tags,
        params: discussionParams,
        body: createCommentBody,
        response: { 201: commentResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await app.comments.create(currentUser(req), req.params.id, req.body) }),
  );

  app.get(
    '/discussions/:id/comments/:cid',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'One comment with its first replies and its discussion',
        tags,
        params: discussionCommentParams,
        response: { 200: commentThreadResponse },
      },
    },
    async (req) => app.comments.thread(currentUser(req), req.params.id, req.params.cid),
  );

  app.patch(
    '/comments/:cid',
    {
      config: { auth: 'write' },
      schema: { summary: 'Edit my comment', tags, params: commentParams, body: updateCommentBody, response: { 200: commentResponse } },
    },
    async (req) => ({ data: await app.comments.update(currentUser(req), req.params.cid, req.body.body) }),
  );

  app.delete(
    '/comments/:cid',
    {
      config: { auth: 'write' },
      schema: {
        summary: 'Delete my comment (or any, in my discussion); the thread stays',
        tags,
        params: commentParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await app.comments.remove(currentUser(req), req.params.cid);
      return reply.code(204).send(null);
    },
  );

  for (const [method, upvoted] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/comments/:cid/upvote',
      {
        config: { auth: 'write' },
        schema: {
          summary: upvoted ? 'Upvote a comment' : 'Take my upvote back',
          tags,
          params: commentParams,
          response: { 200: upvoteResponse },
        },
      },
      async (req) => app.comments.setUpvote(currentUser(req), req.params.cid, upvoted),
    );
    app[method](
      '/comments/:cid/follow',
      {
        config: { auth: 'write' },
        schema: {
          summary: upvoted ? 'Follow a comment’s thread' : 'Stop following a thread',
          tags,
          params: commentParams,
          response: { 200: followResponse },
        },
      },
      async (req) => app.comments.setFollow(currentUser(req), req.params.cid, upvoted),
    );
  }
}
