import {
  discussionsResponse,
  topicDiscussionsQuery,
  topicFollowResponse,
  topicParams,
  topicResponse,
  topicSuggestionsBody,
  topicSuggestionsResponse,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['topics'];

/** Topic pages (a MeSH descriptor with its best articles and tagged discussions), follows, and the form's suggestions. */
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

  app.post(
    '/topics/suggestions',
    {
      config: { auth: 'write' },
      schema: {
        summary:
          "The topics a new discussion would get: the article's major topics, else the search mapping of its title and body (at most 5)",
        tags,
        body: topicSuggestionsBody,
        response: { 200: topicSuggestionsResponse },
      },
    },
    async (req) => ({ data: await app.topics.suggest(req.body.title, req.body.body, req.body.article_id ?? null) }),
  );
}
