import {
  cursorQuery,
  followingsResponse,
  profileCommentsResponse,
  profileResponse,
  userFollowResponse,
  userSidParams,
  usersQuery,
  usersResponse,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['people'];

/** Other people: finding them, their profile, their replies and followings, following them. */
export default async function peopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'People by name or display name, by display name',
        tags,
        querystring: usersQuery,
        response: { 200: usersResponse },
      },
    },
    async (req) => app.people.search(currentUser(req), req.query.q, req.query.cursor),
  );

  app.get(
    '/users/:sid',
    {
      config: { auth: 'read' },
      schema: { summary: 'A person’s profile', tags, params: userSidParams, response: { 200: profileResponse } },
    },
    async (req) => app.people.profile(currentUser(req), req.params.sid),
  );

  app.get(
    '/users/:sid/replies',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Their comments and replies that I may read, newest first',
        tags,
        params: userSidParams,
        querystring: cursorQuery,
        response: { 200: profileCommentsResponse },
      },
    },
    async (req) => app.people.replies(currentUser(req), req.params.sid, req.query.cursor),
  );

  app.get(
    '/users/:sid/followings',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'The people they follow, newest first',
        tags,
        params: userSidParams,
        querystring: cursorQuery,
        response: { 200: followingsResponse },
      },
    },
    async (req) => app.people.followings(currentUser(req), req.params.sid, req.query.cursor),
  );

  app.post(
    '/users/:sid/follow',
    {
      config: { auth: 'write' },
      schema: { summary: 'Follow a person (again is fine)', tags, params: userSidParams, response: { 200: userFollowResponse } },
    },
    async (req) => app.people.follow(currentUser(req), req.params.sid),
  );

  app.delete(
    '/users/:sid/follow',
    {
      config: { auth: 'write' },
      schema: { summary: 'Stop following a person', tags, params: userSidParams, response: { 200: userFollowResponse } },
    },
    async (req) => app.people.unfollow(currentUser(req), req.params.sid),
  );
}
