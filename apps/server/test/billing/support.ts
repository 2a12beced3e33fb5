import { eq } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import { analyticsEvents, plans, subscriptions, users } from '../../src/db/schema/index';
import { userChanged } from '../../src/lib/user-changes';
import type { Agent } from '../support/agent';
import type { TestContext } from '../support/test-app';

export const DAY = 86_400_000;
export const WEBHOOK_SECRET = 'whsec_test_secret_for_wink_billing_tests';

/** Base64 of a path, as the plan card sends it. */
export const b64 = (path: string) => Buffer.from(path, 'utf8').toString('base64');

/** A person registered through the real endpoint, signed in on `agent`, with their row id. */
export async function signedInPerson(t: TestContext, agent: Agent) {
  const { email, user } = await agent.register();
  const [row] = await t.db.select().from(users).where(eq(users.sid, user.sid));
  return { email, sid: user.sid, id: row!.id };
}

/** Ends the person's trial, so only a plan lets them read or write. */
export async function endTrial(t: TestContext, userId: number): Promise<void> {
  await t.db
    .update(users)
    .set({ trialEndsAt: new Date(Date.now() - DAY) })
    .where(eq(users.id, userId));
  userChanged(userId);
}

export async function userPlan(t: TestContext, userId: number) {
  const [row] = await t.db.select({ subscription: users.subscription }).from(users).where(eq(users.id, userId));
  return row!.subscription;
}

export async function subscriptionsOf(t: TestContext, userId: number) {
  return t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(subscriptions.id);
}

export async function subscribedEvents(t: TestContext, userId: number) {
  return t.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .then((rows) => rows.filter((r) => r.name === 'user_subscribed'));
}

/** Gives the seeded plans Stripe prices, as an operator would in the admin console. */
export async function priceThePlans(t: TestContext): Promise<void> {
  await t.db.update(plans).set({ stripePriceId: 'price_reader' }).where(eq(plans.id, 'reader-monthly'));
  await t.db.update(plans).set({ stripePriceId: 'price_leader' }).where(eq(plans.id, 'leader-monthly'));
}

/** Posts `event` to the webhook as Stripe would: JSON bytes, signed with the endpoint's secret. */
export async function sendWebhook(
  t: TestContext,
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const payload = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), ...event });
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/api/subscription/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

let eventSeq = 0;
export const eventId = () => `evt_${Date.now()}_${++eventSeq}`;

/** A Stripe subscription object as webhooks carry it (period on the item, as in current API versions). */
export function stripeSubscription(id: string, options: { price: string; status?: string; cancelAtPeriodEnd?: boolean; periodEnd: Date }) {
  return {
    id,
    object: 'subscription',
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    metadata: {},
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, price: { id: options.price }, current_period_end: Math.floor(options.periodEnd.getTime() / 1000) }],
    },
  };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, unknown>;
  authorization: string | undefined;
}

/**
 * Stripe's API in miniature, on 127.0.0.1 with a free port: checkout sessions (create, retrieve)
 * and billing-portal sessions, answering in Stripe's shapes and keeping every request it got.
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly sessions = new Map<string, Record<string, unknown>>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) =>
        void this.route(req).then(([status, body]) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        ),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** What Stripe would do when the customer pays: the session completes, with a subscription and a customer. */
  pay(sessionId: string, periodEnd: Date): void {
    const session = this.sessions.get(sessionId)!;
    const subscriptionId = `sub_${sessionId.slice(3)}`;
    const form = session.__form as { line_items: { price: string }[] };
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_fake_123',
      subscription: stripeSubscription(subscriptionId, { price: form.line_items[0]!.price, periodEnd }),
    });
  }

  private async route(req: IncomingMessage): Promise<[number, unknown]> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const form = qs.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    this.requests.push({ method: req.method ?? '', path: url.pathname, form, authorization: req.headers.authorization });

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_fake_${this.sessions.size + 1}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        subscription: null,
        metadata: form.metadata ?? {},
        url: `https://checkout.stripe.test/c/pay/${id}`,
        __form: form,
      };
      this.sessions.set(id, session);
      return [200, publicView(session)];
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      return session
        ? [200, publicView(session)]
        : [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return [
        200,
        { id: 'bps_fake_1', object: 'billing_portal.session', customer: form.customer, url: 'https://billing.stripe.test/p/session/fake' },
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } }];
  }
}

function publicView(session: Record<string, unknown>) {
  const { __form: _, ...rest } = session;
  return rest;
}
