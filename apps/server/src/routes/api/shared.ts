import { collectionResponse, sharedCollectionResponse, sharedParams } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['collections'];

/** Shared links: anyone holding one reads the collection, guests included; a reader saves a copy. */
export default async function sharedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/shared/:hash',
    {
      // No `config.auth` on purpose: the link is the permission, like a shared board.
      schema: {
        summary: 'A shared collection, read-only, for anyone with the link (guests too); revoked or unknown links are 404',
        tags,
        params: sharedParams,
        response: { 200: sharedCollectionResponse },
      },
    },
    async (req, reply) => {
      const data = await app.collections.shared(req.params.hash);
      // The owner can revoke the link at any moment: no shared cache may keep answering for it.
      return reply.header('cache-control', 'private, no-store').send({ data });
    },
  );

  app.post(
    '/shared/:hash/save',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Save a shared collection as my own copy (saved_from keeps the hash)',
        tags,
        params: sharedParams,
        response: { 201: collectionResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await app.collections.saveShared(currentUser(req), req.params.hash) }),
  );
}
