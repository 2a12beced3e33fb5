import { searchQuery, searchResponse, suggestQuery, suggestResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const tags = ['search'];

/** Health search, open to every signed-in person (search is not a plan feature). */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/search',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Articles for a query (websearch syntax), best first, with MeSH mapping, facets and "did you mean"',
        description: 'Snippets are plain text with the matched words between « and ». An empty q is an empty list.',
        tags,
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
    },
    async (req) => app.healthSearch.search(req.query),
  );

  app.get(
    '/search/suggest',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Up to 8 MeSH names or entry terms for the search box',
        tags,
        querystring: suggestQuery,
        response: { 200: suggestResponse },
      },
    },
    async (req) => app.healthSearch.suggest(req.query.q),
  );
}
