import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyWebhook } from '../../plugins/app/billing/stripe-client';
import { HttpError } from '../../lib/errors';

interface RawBody {
  raw: Buffer;
}

const webhookResponse = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });

/**
 * Stripe's webhook. Its signature covers the exact bytes Stripe sent, so this route (and only this
 * one: the plugin is encapsulated) reads JSON as raw bytes instead of parsing it.
 */
export default async function billingWebhookRoutes(fastify: FastifyInstance) {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, { raw: body as Buffer }));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/subscription/webhook',
    {
      // Stripe is not a browser session: the signature is what proves the sender.
      config: { csrf: false },
      schema: {
        summary: 'Stripe webhook (signature verified; each event applied once)',
        tags: ['subscription'],
        response: { 200: webhookResponse },
      },
    },
    async (req) => {
      const secret = app.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new HttpError(400, 'Stripe webhooks are not configured.');
      const raw = (req.body as RawBody | undefined)?.raw;
      const signature = req.headers['stripe-signature'];
      let event;
      try {
        if (!raw) throw new Error('No body.');
        event = verifyWebhook(raw, typeof signature === 'string' ? signature : undefined, secret);
      } catch {
        // Forged, altered, or older than Stripe's five-minute tolerance (a replay): nothing is applied.
        throw new HttpError(400, 'The webhook signature is invalid.');
      }
      // A retry of an event already applied answers 200 too, or Stripe would keep retrying it for days.
      return { received: true as const, outcome: await app.billing.events.handle('stripe', event) };
    },
  );
}
