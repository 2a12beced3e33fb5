import {
  addCollectionItemBody,
  collectionItemParams,
  collectionItemResponse,
  collectionParams,
  collectionResponse,
  collectionsQuery,
  collectionsResponse,
  createCollectionBody,
  exportQuery,
  shareResponse,
  updateCollectionBody,
  updateCollectionItemBody,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['collections'];

/**
 * My collections. Keeping collections is part of reading (docs/rules.md: "own collections"), so
 * every route here, writes included, needs the read ability; someone else's collection is a 404.
 */
export default async function collectionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/collections',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'My named collections with their item counts, most recent change first (the draft: GET collections/draft)',
        tags,
        querystring: collectionsQuery,
        response: { 200: collectionsResponse },
      },
    },
    async (req) => app.collections.list(currentUser(req), req.query.cursor),
  );

  app.post(
    '/collections',
    {
      config: { auth: 'read' },
      schema: { summary: 'Create a named collection', tags, body: createCollectionBody, response: { 201: collectionResponse } },
    },
    async (req, reply) => reply.code(201).send({ data: await app.collections.create(currentUser(req), req.body) }),
  );

  app.get(
    '/collections/draft',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'My draft collection with its items, made on first demand (one per person)',
        tags,
        response: { 200: collectionResponse },
      },
    },
    async (req) => ({ data: await app.collections.draft(currentUser(req)) }),
  );

  app.get(
    '/collections/:id',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'One of my collections with all its items (at most 100) in order',
        tags,
        params: collectionParams,
        response: { 200: collectionResponse },
      },
    },
    async (req, reply) => {
      const json = await app.collections.showJson(currentUser(req), req.params.id);
      // Already JSON text (built by the database, collection-json.ts): a string with a JSON content type
      // leaves Fastify as it is, past the response serializer; the type names the shape it holds.
      return reply.type('application/json; charset=utf-8').send(json as unknown as z.infer<typeof collectionResponse>);
    },
  );

  app.patch(
    '/collections/:id',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Rename or describe a collection; is_draft false (with a name) saves the draft as a named collection',
        tags,
        params: collectionParams,
        body: updateCollectionBody,
        response: { 200: collectionResponse },
      },
    },
    async (req) => ({ data: await app.collections.update(currentUser(req), req.params.id, req.body) }),
  );

  app.delete(
    '/collections/:id',
    {
      config: { auth: 'read' },
      schema: { summary: 'Delete a collection with its items', tags, params: collectionParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.collections.delete(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/collections/:id/items',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Add an article at the end (copying an item = adding its article here); 422 when full or already there',
        tags,
        params: collectionParams,
        body: addCollectionItemBody,
        response: { 201: collectionItemResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await app.collections.addItem(currentUser(req), req.params.id, req.body) }),
  );

  app.patch(
    '/collections/:id/items/:item',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Change the note, move to a position (others shift), or move to another of my collections (collection_id)',
        tags,
        params: collectionItemParams,
        body: updateCollectionItemBody,
        response: { 200: collectionItemResponse },
      },
    },
    async (req) => ({ data: await app.collections.updateItem(currentUser(req), req.params.id, req.params.item, req.body) }),
  );

  app.delete(
    '/collections/:id/items/:item',
    {
      config: { auth: 'read' },
      schema: { summary: 'Remove an item (the ones after it move up)', tags, params: collectionItemParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.collections.removeItem(currentUser(req), req.params.id, req.params.item);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/collections/:id/share',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Share by link: a new unguessable hash each time (regenerating ends the old link)',
        tags,
        params: collectionParams,
        response: { 200: shareResponse },
      },
    },
    async (req) => ({ data: await app.collections.share(currentUser(req), req.params.id) }),
  );

  app.delete(
    '/collections/:id/share',
    {
      config: { auth: 'read' },
      schema: { summary: 'Revoke the link (not shared is fine)', tags, params: collectionParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.collections.unshare(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/collections/:id/export',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Download a collection as CSV (RFC 4180), RIS or BibTeX',
        tags,
        params: collectionParams,
        querystring: exportQuery,
        response: {
          200: {
            description: 'The file, as an attachment named after the collection',
            content: {
              'text/csv': { schema: z.string() },
              'application/x-research-info-systems': { schema: z.string() },
              'application/x-bibtex': { schema: z.string() },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const file = await app.collections.export(currentUser(req), req.params.id, req.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
