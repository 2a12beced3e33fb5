import { articleCitationsResponse, articleParams, articleResponse, cursorQuery, meshDescriptorResponse, meshParams } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

/** One article (the drawer's article tab), where it is cited (its discussions tab), and one MeSH descriptor (its plain-language explanation). */
export default async function articleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/articles/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'An article with its MeSH terms, major topics first',
        tags: ['articles'],
        params: articleParams,
        response: { 200: articleResponse },
      },
    },
    async (req) => ({ data: await app.healthSearch.article(req.params.id) }),
  );

  app.get(
    '/articles/:id/citations',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Where an article is cited: discussions and comments the caller may read, newest first',
        tags: ['articles'],
        params: articleParams,
        querystring: cursorQuery,
        response: { 200: articleCitationsResponse },
      },
    },
    async (req) => app.discussions.citing(currentUser(req), req.params.id, req.query.cursor),
  );

  app.get(
    '/mesh/:ui',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'A MeSH descriptor with its entry terms and its direct broader and narrower descriptors',
        tags: ['articles'],
        params: meshParams,
        response: { 200: meshDescriptorResponse },
      },
    },
    async (req) => ({ data: await app.healthSearch.descriptor(req.params.ui) }),
  );
}
