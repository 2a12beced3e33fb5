import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index';
import { authorize, currentUser, verifyCsrf } from '../../src/plugins/app/auth/request-auth';
import { plansRepository, setPlanManually } from '../../src/plugins/app/plans/plans-repository';
import { useTestApp } from '../support/test-app';

const DAY = 86_400_000;

/**
 * Two routes guarded the way every later feature is (`config.auth`), one needing read, one write.
 * Routes inside /api get `authorize` from their scope; these sit at the root, so they name it.
 */
function guardedRoutes(app: FastifyInstance) {
  app.get('/api/guarded/read', { config: { auth: 'read' }, preValidation: authorize }, async (req) => ({ ok: currentUser(req).sid }));
  app.post('/api/guarded/write', { config: { auth: 'write' }, preValidation: [verifyCsrf, authorize] }, async (req) => ({
    ok: currentUser(req).sid,
  }));
}

describe('permissions (docs/rules.md)', () => {
  const t = useTestApp();
  beforeEach(() => guardedRoutes(t.app));

  const holder = async (trialEndsInDays: number | null, planId: string | null) => {
    const agent = t.agent();
    const { email } = await agent.register();
    const [row] = await t.db
      .update(users)
      .set({ trialEndsAt: trialEndsInDays === null ? null : new Date(Date.now() + trialEndsInDays * DAY) })
      .where(eq(users.email, email))
      .returning();
    const plan = planId ? await plansRepository.findById(t.db, planId) : null;
    await setPlanManually(t.db, row!.id, plan ?? null);
    return agent;
  };

  it.each([
    { who: 'a trial user', trial: 3, plan: null, canRead: true, canWrite: true },
    { who: 'a reader_subscription holder', trial: -1, plan: 'reader-monthly', canRead: true, canWrite: false },
    { who: 'a leader_subscription holder', trial: -1, plan: 'leader-monthly', canRead: true, canWrite: true },
    { who: 'someone whose trial ended, with no plan', trial: -1, plan: null, canRead: false, canWrite: false },
    { who: 'someone who never had a trial or plan', trial: null, plan: null, canRead: false, canWrite: false },
    { who: 'a reader still on trial', trial: 5, plan: 'reader-monthly', canRead: true, canWrite: true },
  ])('$who: read $canRead, write $canWrite', async ({ trial, plan, canRead, canWrite }) => {
    const agent = await holder(trial, plan);
    const read = await agent.get('/api/guarded/read');
    const write = await agent.post('/api/guarded/write');
    expect(read.statusCode).toBe(canRead ? 200 : 403);
    expect(write.statusCode).toBe(canWrite ? 200 : 403);
  });

  it('refuses with a sentence and names the plan that would allow it', async () => {
    const reader = await holder(-1, 'reader-monthly');
    const res = await reader.post('/api/guarded/write');
    expect(res.json()).toEqual({
      message: 'Your plan does not include writing. Upgrade to the leader plan to post.',
      required_plan: 'leader_subscription',
    });
    const lapsed = await holder(-1, null);
    expect((await lapsed.get('/api/guarded/read')).json().required_plan).toBe('reader_subscription');
  });

  it('asks guests to sign in first (401), before any plan question', async () => {
    expect((await t.app.inject({ url: '/api/guarded/read' })).statusCode).toBe(401);
  });

  it('lets a user:set-plan change take effect on the next request', async () => {
    const agent = await holder(-1, null);
    expect((await agent.get('/api/guarded/read')).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).orderBy(users.id);
    await setPlanManually(t.db, row!.id, (await plansRepository.findById(t.db, 'leader-monthly'))!);
    expect((await agent.post('/api/guarded/write')).statusCode).toBe(200);
    expect((await agent.get('/api/user')).json().data.subscription).toBe('leader_subscription');
  });
});

describe('plans', () => {
  const t = useTestApp();

  it('lists only active plans, cheapest first, each with a checkout URL', async () => {
    const res = await t.app.inject({ url: '/api/subscription/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as {
      id: string;
      active: boolean;
      price: { unit_amount: number; interval: string };
      checkout_url: string;
      features: string[];
    }[];
    expect(plans.map((p) => p.id)).toEqual(['reader-monthly', 'leader-monthly']);
    expect(plans.every((p) => p.active)).toBe(true);
    expect(plans[0]!.price).toEqual({ unit_amount: 499, interval: 'month' });
    expect(plans[1]!.checkout_url).toBe('http://localhost:3000/api/subscription/checkout/leader-monthly');
    expect(plans[1]!.features.length).toBeGreaterThan(0);
  });

  it('follows price changes and deactivations in the table', async () => {
    await plansRepository.upsert(t.db, {
      id: 'leader-monthly',
      name: 'Leader',
      type: 'leader_subscription',
      unitAmount: 199,
      interval: 'month',
    });
    await plansRepository.upsert(t.db, {
      id: 'reader-monthly',
      name: 'Reader',
      type: 'reader_subscription',
      unitAmount: 499,
      interval: 'month',
      active: false,
    });
    const plans = (await t.app.inject({ url: '/api/subscription/plans' })).json().data as { id: string }[];
    expect(plans.map((p) => p.id)).toEqual(['leader-monthly']);
  });
});
