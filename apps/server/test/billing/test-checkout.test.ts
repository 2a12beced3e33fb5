import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions } from '../../src/db/schema/index';
import { discussionOf } from '../comments/support';
import { useTestApp } from '../support/test-app';
import { b64, DAY, endTrial, signedInPerson, subscribedEvents, subscriptionsOf, userPlan } from './support';

const t = useTestApp();

/** Follows the plan card's link and answers where the server sent the browser. */
async function startCheckout(agent: ReturnType<typeof t.agent>, plan: string, redirect?: string) {
  const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  return agent.get(`/api/subscription/checkout/${plan}${query}`);
}

/** The test checkout's form: its action and the CSRF token it carries. */
function formOf(html: string) {
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  const token = html.match(/name="_token" value="([^"]+)"/)?.[1];
  if (!action || !token) throw new Error('no payment form on the page');
  return { action, token };
}

describe('the built-in test checkout (no Stripe key)', () => {
  it('a reader buys the leader plan, lands back on the page they came from, and can comment at once', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    await endTrial(t, person.id);
    const other = await signedInPerson(t, t.agent());
    const discussion = await discussionOf(t, other.id);

    const refused = await agent.post(`/api/discussions/${discussion}/comments`, { body: 'Before paying' });
    expect(refused.statusCode).toBe(403);

    const start = await startCheckout(agent, 'leader-monthly', b64(`/discussions/${discussion}`));
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toMatch(/^\/api\/subscription\/test-checkout\/cs_test_\w+$/);

    const page = await agent.get(start.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Leader');
    expect(page.body).toContain('$9.99');

    const { action, token } = formOf(page.body);
    // As the browser submits it: a urlencoded form carrying the token, no header.
    agent.sendXsrf = false;
    const paid = await agent.request('POST', action, `_token=${encodeURIComponent(token)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    agent.sendXsrf = true;
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/discussions/${discussion}`);

    expect(await userPlan(t, person.id)).toBe('leader_subscription');
    const comment = await agent.post(`/api/discussions/${discussion}/comments`, { body: 'Straight after paying' });
    expect(comment.statusCode).toBe(201);

    const state = (await agent.get('/api/subscription')).json().data;
    expect(state).toMatchObject({ subscription: 'leader_subscription', status: 'active', provider: 'test', payments: 'test' });
    expect(state.plan.id).toBe('leader-monthly');
    expect(Date.parse(state.current_period_end)).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(await subscribedEvents(t, person.id)).toHaveLength(1);
  });

  it('paying twice (a double click, the back button) counts once and changes nothing more', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    const start = await startCheckout(agent, 'leader-monthly', b64('/user/subscription'));
    const location = start.headers.location as string;
    const first = await agent.post(location);
    const second = await agent.post(location);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe('/user/subscription');
    expect(await subscriptionsOf(t, person.id)).toHaveLength(1);
    expect(await subscribedEvents(t, person.id)).toHaveLength(1);
    // Once paid, the checkout page itself sends the person back.
    expect((await agent.get(location)).headers.location).toBe('/user/subscription');
  });

  it('without the CSRF token the payment form is refused', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    const start = await startCheckout(agent, 'leader-monthly');
    agent.sendXsrf = false;
    const res = await agent.post(start.headers.location as string, {});
    expect(res.statusCode).toBe(419);
    expect(await userPlan(t, person.id)).toBeNull();
  });

  it("one person cannot open or pay another person's checkout", async () => {
    const owner = t.agent();
    await signedInPerson(t, owner);
    const location = (await startCheckout(owner, 'leader-monthly')).headers.location as string;
    const intruder = t.agent();
    const stranger = await signedInPerson(t, intruder);
    expect((await intruder.get(location)).statusCode).toBe(404);
    expect((await intruder.post(location)).statusCode).toBe(404);
    expect(await userPlan(t, stranger.id)).toBeNull();
  });

  it.each([
    ['not base64', '%%%not-base64%%%'],
    ['another site', b64('https://evil.example/phish')],
    ['a protocol-relative address', b64('//evil.example/phish')],
    ['a backslash trick', b64('/\\evil.example')],
    ['a relative path', b64('discussions')],
  ])('a redirect that is %s returns home', async (_label, redirect) => {
    const agent = t.agent();
    await signedInPerson(t, agent);
    const location = (await startCheckout(agent, 'reader-monthly', redirect)).headers.location as string;
    const [session] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, location.split('/').at(-1)!));
    expect(session!.returnPath).toBe('/');
    expect((await agent.post(location)).headers.location).toBe('/');
  });

  it('a guest is sent to sign in, and comes back to the page they were on', async () => {
    const res = await startCheckout(t.agent(), 'leader-monthly', b64('/user/subscription'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/sign-in?redirect=${encodeURIComponent('/user/subscription')}`);
  });

  it('an unknown or retired plan cannot be bought', async () => {
    const agent = t.agent();
    await signedInPerson(t, agent);
    expect((await startCheckout(agent, 'no-such-plan')).statusCode).toBe(404);
    expect((await startCheckout(agent, 'leader-yearly-2025')).statusCode).toBe(404);
  });

  it('buying the plan one already holds goes straight back', async () => {
    const agent = t.agent();
    await signedInPerson(t, agent);
    await agent.post((await startCheckout(agent, 'reader-monthly')).headers.location as string);
    const again = await startCheckout(agent, 'reader-monthly', b64('/collections'));
    expect(again.headers.location).toBe('/collections');
  });

  it('an upgrade applies at once; a downgrade waits for the end of the period already paid for', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    await endTrial(t, person.id);
    await agent.post((await startCheckout(agent, 'reader-monthly')).headers.location as string);
    expect(await userPlan(t, person.id)).toBe('reader_subscription');

    await agent.post((await startCheckout(agent, 'leader-monthly')).headers.location as string);
    expect(await userPlan(t, person.id)).toBe('leader_subscription');

    await agent.post((await startCheckout(agent, 'reader-monthly')).headers.location as string);
    expect(await userPlan(t, person.id)).toBe('leader_subscription');
    const state = (await agent.get('/api/subscription')).json().data;
    expect(state.pending_plan.id).toBe('reader-monthly');
    expect(await subscriptionsOf(t, person.id)).toHaveLength(1);

    // The period ends: the sweep applies the downgrade and renews the test subscription.
    const [row] = await subscriptionsOf(t, person.id);
    await t.app.billing.sweep(new Date(row!.currentPeriodEnd!.getTime() + 1000));
    expect(await userPlan(t, person.id)).toBe('reader_subscription');
    const [after] = await subscriptionsOf(t, person.id);
    expect(after!.pendingPlanId).toBeNull();
    expect(after!.currentPeriodEnd!.getTime()).toBeGreaterThan(row!.currentPeriodEnd!.getTime());
  });

  it('the test portal cancels at the end of the period; until then the plan stays', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    await endTrial(t, person.id);
    await agent.post((await startCheckout(agent, 'leader-monthly')).headers.location as string);

    const portal = await agent.post('/api/subscription/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().data.url).toBe('http://localhost:3000/api/subscription/test-portal');
    const page = await agent.get('/api/subscription/test-portal');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Cancel at the end of the period');

    const cancelled = await agent.post('/api/subscription/test-portal', { action: 'cancel' });
    expect(cancelled.headers.location).toBe('/user/subscription');
    expect((await agent.get('/api/subscription')).json().data.cancel_at_period_end).toBe(true);
    expect(await userPlan(t, person.id)).toBe('leader_subscription');

    const [row] = await subscriptionsOf(t, person.id);
    await t.app.billing.sweep(new Date(row!.currentPeriodEnd!.getTime() + 1000));
    expect(await userPlan(t, person.id)).toBeNull();
    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(ended!.status).toBe('canceled');
  });

  it('the portal needs a subscription bought through checkout', async () => {
    const agent = t.agent();
    await signedInPerson(t, agent);
    const res = await agent.post('/api/subscription/portal');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subscription[0]).toMatch(/no subscription/);
  });
});
