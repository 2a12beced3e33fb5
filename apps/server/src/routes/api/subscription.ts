import {
  checkoutParams,
  checkoutQuery,
  checkoutReturnQuery,
  plansResponse,
  portalResponse,
  subscriptionStateResponse,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';
import { decodeReturnPath } from '../../plugins/app/billing/return-path';
import { plansRepository, toPlanResource } from '../../plugins/app/plans/plans-repository';

const tags = ['subscription'];

/** Plans, the subscription in force, checkout and the billing portal. */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Plans are public: anyone may see what they would pay. */
  app.get(
    '/subscription/plans',
    { schema: { summary: 'Active plans, cheapest first', tags, response: { 200: plansResponse } } },
    async (_req, reply) => {
      const rows = await plansRepository.listActive(app.database.db);
      reply.header('cache-control', 'private, max-age=300');
      return { data: rows.map((row) => toPlanResource(row, app.config.appUrl)) };
    },
  );

  app.get(
    '/subscription',
    { config: { auth: 'user' }, schema: { summary: 'My plan and how it stands', tags, response: { 200: subscriptionStateResponse } } },
    async (req) => ({ data: await app.billing.state(currentUser(req)) }),
  );

  app.post(
    '/subscription/portal',
    {
      config: { auth: 'user' },
      schema: { summary: 'Open the billing portal (card, cancellation)', tags, response: { 200: portalResponse } },
    },
    async (req) => ({ data: { url: await app.billing.checkout.portalUrl(currentUser(req)) } }),
  );

  // A plan card's link (plan.checkout_url?redirect=base64 path): a browser navigation, so answers are redirects.
  app.get(
    '/subscription/checkout/:plan',
    {
      schema: {
        summary: 'Start buying a plan: redirects to Stripe Checkout or the built-in test checkout',
        tags,
        params: checkoutParams,
        querystring: checkoutQuery,
      },
    },
    async (req, reply) => {
      const { user } = await req.auth();
      if (!user) {
        // After signing in, the person lands back on the page they were buying from.
        return reply.redirect(`/sign-in?redirect=${encodeURIComponent(decodeReturnPath(req.query.redirect))}`, 303);
      }
      return reply.redirect(await app.billing.checkout.start(user, req.params.plan, req.query.redirect), 303);
    },
  );

  app.get(
    '/subscription/checkout-return',
    { config: { auth: 'user' }, schema: { summary: 'Back from Stripe Checkout', tags, querystring: checkoutReturnQuery } },
    async (req, reply) => reply.redirect(await app.billing.checkout.returnFromStripe(currentUser(req), req.query.session_id), 303),
  );
}
