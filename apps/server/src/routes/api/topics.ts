import { discussionsResponse, topicDiscussionsQuery, topicFollowResponse, topicParams, topicResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['topics'];

/** Topic pages (a MeSH descriptor with its best articles and tagged discussions) and topic follows. */
export default async function topicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/topics/:ui',
    {
      // Like search and the articles it shows: open to every signed-in person.
      config: { auth: 'user' },
      schema: {
        summary:
          "A topic: lay and MeSH names, synonyms, broader and narrower topics, the search ranking's best articles, whether I follow it",
        tags,
        params: topicParams,
        response: { 200: topicResponse },
      },
    },
    async (req) => ({ data: await app.topics.show(currentUser(req), req.params.ui) }),
  );

  app.get(
    '/topics/:ui/discussions',
    {
      config: { auth: 'read' },
      schema: {
        summary:
          "Public and invite-only discussions tagged with the topic, most recent activity first (invite-only: title and the owner's summary only for non-members; never private ones)",
        tags,
        params: topicParams,
        querystring: topicDiscussionsQuery,
        response: { 200: discussionsResponse },
      },
    },
    async (req) => app.topics.discussions(currentUser(req), req.params.ui, req.query.cursor),
  );

  for (const [method, followed] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/topics/:ui/follow',
      {
        config: { auth: 'read' },
        schema: {
          summary: followed ? 'Follow a topic: hear of new public discussions tagged with it' : 'Stop following a topic',
          tags,
          params: topicParams,
          response: { 200: topicFollowResponse },
        },
      },
      async (req) => ({ data: await app.topics.setFollow(currentUser(req), req.params.ui, followed) }),
    );
  }
}
