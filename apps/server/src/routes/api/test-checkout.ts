import { testCheckoutParams, testPortalBody } from '@wink/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/auth/request-auth';
import { TEST_CHECKOUT_PATH, TEST_PORTAL_PATH } from '../../plugins/app/billing/checkout-service';
import { testCheckoutPage, testPortalPage } from '../../plugins/app/billing/test-pages';
import { plansRepository } from '../../plugins/app/plans/plans-repository';
import { notFound } from '../../lib/errors';

const tags = ['subscription'];
const SUBSCRIPTION_PAGE = '/user/subscription';

/** The form posts carry the session's CSRF token as `_token`, which the API's CSRF check accepts. */
async function csrfTokenOf(req: FastifyRequest): Promise<string> {
  return (await req.auth()).session?.csrfToken ?? '';
}

/**
 * The embedded default's payment pages (no Stripe key): the test checkout and the test billing
 * portal. Their buttons build the events Stripe would send and hand them to the webhook's handler.
 */
export default async function testCheckoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/subscription/test-checkout/:id',
    { config: { auth: 'user' }, schema: { summary: 'The built-in test checkout page (test mode)', tags, params: testCheckoutParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const { session, plan } = await app.billing.checkout.testCheckout(user, req.params.id);
      if (session.status === 'complete') return reply.redirect(session.returnPath, 303);
      const html = testCheckoutPage({
        plan,
        action: `${TEST_CHECKOUT_PATH}/${session.id}`,
        cancelHref: session.returnPath,
        csrfToken: await csrfTokenOf(req),
        email: user.email,
      });
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/subscription/test-checkout/:id',
    { config: { auth: 'user' }, schema: { summary: 'Pay on the test checkout (test mode)', tags, params: testCheckoutParams } },
    async (req, reply) => reply.redirect(await app.billing.checkout.payTestCheckout(currentUser(req), req.params.id), 303),
  );

  app.get(
    '/subscription/test-portal',
    { config: { auth: 'user' }, schema: { summary: 'The built-in test billing portal (test mode)', tags } },
    async (req, reply) => {
      const user = currentUser(req);
      const subscription = await app.billing.checkout.running(user.id);
      if (app.billing.checkout.mode !== 'test' || subscription?.provider !== 'test') throw notFound('The test billing portal');
      const [plan, pending] = await Promise.all([
        plansRepository.findById(app.database.db, subscription.planId),
        subscription.pendingPlanId ? plansRepository.findById(app.database.db, subscription.pendingPlanId) : undefined,
      ]);
      if (!plan) throw notFound('The plan');
      const html = testPortalPage({
        plan,
        pending: pending ?? null,
        subscription,
        action: TEST_PORTAL_PATH,
        backHref: SUBSCRIPTION_PAGE,
        csrfToken: await csrfTokenOf(req),
      });
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/subscription/test-portal',
    { config: { auth: 'user' }, schema: { summary: 'Cancel or resume the test subscription (test mode)', tags, body: testPortalBody } },
    async (req, reply) => {
      await app.billing.checkout.setTestCancellation(currentUser(req), req.body.action === 'cancel');
      return reply.redirect(SUBSCRIPTION_PAGE, 303);
    },
  );
}
