import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';
import {
  b64,
  DAY,
  endTrial,
  FakeStripe,
  priceThePlans,
  sendWebhook,
  signedInPerson,
  subscribedEvents,
  userPlan,
  WEBHOOK_SECRET,
} from './support';

const stripe = new FakeStripe();
// The env object is read when each test's app is built, after the fake has its port.
const env = { STRIPE_SECRET_KEY: 'sk_test_wink_checkout', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:1' };
const t = useTestApp({ env });

beforeAll(async () => {
  await stripe.start();
  env.STRIPE_API_URL = stripe.url;
});
afterAll(() => stripe.stop());

describe('checkout through Stripe (against a local fake of its API)', () => {
  it('creates a subscription-mode Checkout Session for the plan’s price and sends the browser to it', async () => {
    await priceThePlans(t);
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    const before = stripe.requests.length;

    const res = await agent.get(`/api/subscription/checkout/leader-monthly?redirect=${encodeURIComponent(b64('/discussions?scope=mine'))}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake_\d+$/);

    const sent = stripe.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_wink_checkout' });
    expect(sent[0]!.form).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_leader', quantity: '1' }],
      client_reference_id: person.sid,
      customer_email: person.email,
      metadata: { user_sid: person.sid, plan_id: 'leader-monthly' },
      subscription_data: { metadata: { user_sid: person.sid, plan_id: 'leader-monthly' } },
      success_url: 'http://localhost:3000/api/subscription/checkout-return?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/discussions?scope=mine',
    });
  });

  it('back from paying, the plan is there at once, before the webhook; the webhook then counts nothing twice', async () => {
    await priceThePlans(t);
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    await endTrial(t, person.id);
    const location = (await agent.get(`/api/subscription/checkout/leader-monthly?redirect=${b64('/user/subscription')}`)).headers
      .location as string;
    const sessionId = location.split('/').at(-1)!;

    stripe.pay(sessionId, new Date(Date.now() + 30 * DAY));
    const back = await agent.get(`/api/subscription/checkout-return?session_id=${sessionId}`);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/user/subscription');
    expect(await userPlan(t, person.id)).toBe('leader_subscription');

    const session = stripe.sessions.get(sessionId)!;
    const webhook = await sendWebhook(t, {
      id: 'evt_checkout_completed_1',
      type: 'checkout.session.completed',
      data: { object: { ...session, __form: undefined, subscription: (session.subscription as { id: string }).id } },
    });
    expect(webhook.json().outcome).toBe('applied');
    expect(await subscribedEvents(t, person.id)).toHaveLength(1);
    expect(await userPlan(t, person.id)).toBe('leader_subscription');

    // The customer Stripe made is the one the billing portal opens for.
    const portal = await agent.post('/api/subscription/portal');
    expect(portal.json().data.url).toBe('https://billing.stripe.test/p/session/fake');
    expect(stripe.requests.at(-1)!.form).toEqual({ customer: 'cus_fake_123', return_url: 'http://localhost:3000/user/subscription' });
  });

  it('an abandoned checkout grants nothing', async () => {
    await priceThePlans(t);
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    await endTrial(t, person.id);
    const location = (await agent.get('/api/subscription/checkout/leader-monthly')).headers.location as string;
    const back = await agent.get(`/api/subscription/checkout-return?session_id=${location.split('/').at(-1)}`);
    expect(back.headers.location).toBe('/');
    expect(await userPlan(t, person.id)).toBeNull();
  });

  it("someone else's session id on the return address changes nothing", async () => {
    await priceThePlans(t);
    const payer = t.agent();
    await signedInPerson(t, payer);
    const location = (await payer.get('/api/subscription/checkout/leader-monthly')).headers.location as string;
    const sessionId = location.split('/').at(-1)!;
    stripe.pay(sessionId, new Date(Date.now() + 30 * DAY));

    const other = t.agent();
    const stranger = await signedInPerson(t, other);
    await endTrial(t, stranger.id);
    const res = await other.get(`/api/subscription/checkout-return?session_id=${sessionId}`);
    expect(res.headers.location).toBe('/user/subscription');
    expect(await userPlan(t, stranger.id)).toBeNull();
  });

  it('a plan without a Stripe price cannot be bought yet', async () => {
    const agent = t.agent();
    await signedInPerson(t, agent);
    const res = await agent.get('/api/subscription/checkout/leader-monthly');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.plan).toEqual(['This plan cannot be bought online yet.']);
  });

  it('someone already paying through Stripe is sent to the portal to change plan, not to a second subscription', async () => {
    await priceThePlans(t);
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    const location = (await agent.get('/api/subscription/checkout/reader-monthly')).headers.location as string;
    stripe.pay(location.split('/').at(-1)!, new Date(Date.now() + 30 * DAY));
    await agent.get(`/api/subscription/checkout-return?session_id=${location.split('/').at(-1)}`);
    expect(await userPlan(t, person.id)).toBe('reader_subscription');

    const upgrade = await agent.get('/api/subscription/checkout/leader-monthly');
    expect(upgrade.headers.location).toBe('https://billing.stripe.test/p/session/fake');
  });
});
