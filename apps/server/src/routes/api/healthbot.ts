import {
  HEALTHBOT_STREAM_CONTENT_TYPE,
  healthbotConversationParams,
  healthbotConversationResponse,
  healthbotConversationsQuery,
  healthbotConversationsResponse,
  healthbotMessageBody,
  type HealthbotStreamEvent,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';

const tags = ['healthbot'];

async function* ndjson(events: AsyncGenerator<HealthbotStreamEvent>): AsyncGenerator<string> {
  for await (const event of events) yield `${JSON.stringify(event)}\n`;
}

/** Wink, the healthbot: ask (a streamed answer with citations), my conversations, deleting them. Reading plan required. */
export default async function healthbotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/healthbot/messages',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'Ask Wink: the answer streams back as newline-delimited JSON events (start, citations, delta…, fallback?, done | error)',
        description:
          'Content-Type application/x-ndjson, one JSON object per line; see packages/contracts/src/healthbot.ts for the events. ' +
          'Without conversation_id a new conversation is started. Errors before the stream starts keep their status (403, 404, 422, 429).',
        tags,
        body: healthbotMessageBody,
      },
    },
    async (req, reply) => {
      const turn = await app.healthbot.ask(currentUser(req), req.body);
      // A reader who closes the panel mid-answer stops the model too.
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      return reply
        .header('content-type', `${HEALTHBOT_STREAM_CONTENT_TYPE}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(ndjson(turn.events(abort.signal))));
    },
  );

  app.get(
    '/healthbot/conversations',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'My conversations with Wink, most recent first',
        tags,
        querystring: healthbotConversationsQuery,
        response: { 200: healthbotConversationsResponse },
      },
    },
    async (req) => app.healthbot.list(currentUser(req), req.query.cursor),
  );

  app.get(
    '/healthbot/conversations/:id',
    {
      config: { auth: 'read' },
      schema: {
        summary: 'One of my conversations with all its messages, oldest first',
        tags,
        params: healthbotConversationParams,
        response: { 200: healthbotConversationResponse },
      },
    },
    async (req) => ({ data: await app.healthbot.show(currentUser(req), req.params.id) }),
  );

  app.delete(
    '/healthbot/conversations/:id',
    {
      config: { auth: 'read' },
      schema: { summary: 'Delete one of my conversations', tags, params: healthbotConversationParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.healthbot.delete(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/healthbot/conversations',
    {
      config: { auth: 'read' },
      schema: { summary: 'Delete all my conversations', tags, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await app.healthbot.deleteAll(currentUser(req));
      return reply.code(204).send(null);
    },
  );
}
