import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingEvents } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';
import {
  DAY,
  endTrial,
  eventId,
  priceThePlans,
  sendWebhook,
  signedInPerson,
  stripeSubscription,
  subscribedEvents,
  subscriptionsOf,
  userPlan,
  WEBHOOK_SECRET,
} from './support';

// A Stripe key makes checkout Stripe's; the API address is never called by these tests.
const t = useTestApp({
  env: { STRIPE_SECRET_KEY: 'sk_test_wink', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' },
});

const periodEnd = () => new Date(Date.now() + 30 * DAY);

/** `checkout.session.completed` for a person and plan, as Stripe sends it after payment. */
function completed(sid: string, planId: string, subscriptionId: string, id = eventId()) {
  return {
    id,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${subscriptionId}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: sid,
        customer: 'cus_webhook_1',
        subscription: subscriptionId,
        metadata: { user_sid: sid, plan_id: planId },
      },
    },
  };
}

const subscriptionEvent = (type: string, sub: ReturnType<typeof stripeSubscription>) => ({ id: eventId(), type, data: { object: sub } });

async function processedEvents() {
  const [row] = await t.db.select({ n: count() }).from(billingEvents);
  return row!.n;
}

/** A person on the Stripe leader plan, bought through checkout. */
async function leader() {
  await priceThePlans(t);
  const agent = t.agent();
  const person = await signedInPerson(t, agent);
  await endTrial(t, person.id);
  const res = await sendWebhook(t, completed(person.sid, 'leader-monthly', 'sub_1'));
  expect(res.statusCode).toBe(200);
  await sendWebhook(
    t,
    subscriptionEvent('customer.subscription.updated', stripeSubscription('sub_1', { price: 'price_leader', periodEnd: periodEnd() })),
  );
  return { agent, person };
}

describe('Stripe webhooks', () => {
  it('a completed checkout grants the plan, keeps the customer for the portal, and counts "user subscribed"', async () => {
    const { person } = await leader();
    expect(await userPlan(t, person.id)).toBe('leader_subscription');
    const [row] = await subscriptionsOf(t, person.id);
    expect(row).toMatchObject({ provider: 'stripe', providerSubscriptionId: 'sub_1', status: 'active', planId: 'leader-monthly' });
    expect(row!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(await subscribedEvents(t, person.id)).toHaveLength(1);
  });

  it('a replayed event (same id) is answered but changes nothing', async () => {
    await priceThePlans(t);
    const person = await signedInPerson(t, t.agent());
    const event = completed(person.sid, 'reader-monthly', 'sub_replay');
    expect((await sendWebhook(t, event)).json()).toEqual({ received: true, outcome: 'applied' });
    // The person's plan is changed by hand in between: a replay must not undo that.
    await t.app.database.db.transaction((tx) => t.app.billing.changePlan(tx, person.id, null));
    expect((await sendWebhook(t, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await userPlan(t, person.id)).toBeNull();
    expect(await subscribedEvents(t, person.id)).toHaveLength(1);
  });

  it.each([
    ['signed with another secret', { secret: 'whsec_someone_else' }],
    ['without a valid signature header', { signature: 't=1,v1=deadbeef' }],
    ['signed more than five minutes ago (a captured request replayed)', { timestamp: Math.floor(Date.now() / 1000) - 600 }],
  ])('an event %s is refused and changes nothing', async (_label, options) => {
    const person = await signedInPerson(t, t.agent());
    const res = await sendWebhook(t, completed(person.sid, 'leader-monthly', 'sub_forged'), options);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The webhook signature is invalid.');
    expect(await userPlan(t, person.id)).toBeNull();
    expect(await processedEvents()).toBe(0);
  });

  it('a body altered after signing is refused', async () => {
    const person = await signedInPerson(t, t.agent());
    const payload = JSON.stringify(completed(person.sid, 'reader-monthly', 'sub_x'));
    const { default: Stripe } = await import('stripe');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('reader-monthly', 'leader-monthly'),
    });
    expect(res.statusCode).toBe(400);
    expect(await userPlan(t, person.id)).toBeNull();
  });

  it('an upgrade in Stripe applies at once', async () => {
    await priceThePlans(t);
    const person = await signedInPerson(t, t.agent());
    await endTrial(t, person.id);
    await sendWebhook(t, completed(person.sid, 'reader-monthly', 'sub_up'));
    expect(await userPlan(t, person.id)).toBe('reader_subscription');
    await sendWebhook(
      t,
      subscriptionEvent('customer.subscription.updated', stripeSubscription('sub_up', { price: 'price_leader', periodEnd: periodEnd() })),
    );
    expect(await userPlan(t, person.id)).toBe('leader_subscription');
  });

  it('a downgrade in Stripe waits for the end of the period', async () => {
    const { person } = await leader();
    const end = periodEnd();
    await sendWebhook(
      t,
      subscriptionEvent('customer.subscription.updated', stripeSubscription('sub_1', { price: 'price_reader', periodEnd: end })),
    );
    expect(await userPlan(t, person.id)).toBe('leader_subscription');
    expect((await subscriptionsOf(t, person.id))[0]!.pendingPlanId).toBe('reader-monthly');

    await t.app.billing.sweep(new Date(end.getTime() + 1000));
    expect(await userPlan(t, person.id)).toBe('reader_subscription');
  });

  it('a cancellation keeps the plan to the end of the period; the deletion at its end takes it away', async () => {
    const { person, agent } = await leader();
    const end = periodEnd();
    await sendWebhook(
      t,
      subscriptionEvent(
        'customer.subscription.updated',
        stripeSubscription('sub_1', { price: 'price_leader', periodEnd: end, cancelAtPeriodEnd: true }),
      ),
    );
    expect(await userPlan(t, person.id)).toBe('leader_subscription');
    expect((await agent.get('/api/subscription')).json().data).toMatchObject({
      cancel_at_period_end: true,
      can_manage_billing: true,
      payments: 'stripe',
    });

    await sendWebhook(
      t,
      subscriptionEvent(
        'customer.subscription.deleted',
        stripeSubscription('sub_1', { price: 'price_leader', periodEnd: end, status: 'canceled' }),
      ),
    );
    expect(await userPlan(t, person.id)).toBeNull();
    expect((await subscriptionsOf(t, person.id))[0]!.status).toBe('canceled');
  });

  it('a failed payment marks the subscription past due and keeps the plan while the card is retried', async () => {
    const { person, agent } = await leader();
    const res = await sendWebhook(t, {
      id: eventId(),
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
        },
      },
    });
    expect(res.json().outcome).toBe('applied');
    expect((await agent.get('/api/subscription')).json().data.status).toBe('past_due');
    expect(await userPlan(t, person.id)).toBe('leader_subscription');

    // The retry succeeds: Stripe says the subscription is active again.
    await sendWebhook(
      t,
      subscriptionEvent('customer.subscription.updated', stripeSubscription('sub_1', { price: 'price_leader', periodEnd: periodEnd() })),
    );
    expect((await agent.get('/api/subscription')).json().data.status).toBe('active');

    // Every retry failed: Stripe marks it unpaid, and the plan goes.
    await sendWebhook(
      t,
      subscriptionEvent(
        'customer.subscription.updated',
        stripeSubscription('sub_1', { price: 'price_leader', periodEnd: periodEnd(), status: 'unpaid' }),
      ),
    );
    expect(await userPlan(t, person.id)).toBeNull();
  });

  it('events for subscriptions that are not ours, and types we do not handle, are acknowledged and change nothing', async () => {
    const unknown = await sendWebhook(
      t,
      subscriptionEvent(
        'customer.subscription.deleted',
        stripeSubscription('sub_elsewhere', { price: 'price_leader', periodEnd: periodEnd() }),
      ),
    );
    expect(unknown.json()).toEqual({ received: true, outcome: 'applied' });
    const other = await sendWebhook(t, { id: eventId(), type: 'charge.succeeded', data: { object: { id: 'ch_1' } } });
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('without a webhook secret configured every webhook is refused', async () => {
    const app = await t.buildApp({ STRIPE_WEBHOOK_SECRET: undefined });
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Stripe webhooks are not configured.');
  });

  it('other API routes still parse JSON bodies as before', async () => {
    const agent = t.agent();
    await signedInPerson(t, agent);
    const res = await agent.post('/api/feedback', { message: 'Still parsed as JSON next to the raw webhook route.' });
    expect(res.statusCode).toBe(201);
  });
});
