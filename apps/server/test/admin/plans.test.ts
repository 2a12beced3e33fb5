import { describe, expect, it } from 'vitest';
import { planIdFor } from '../../src/plugins/app/admin/admin-plans';
import { useTestApp } from '../support/test-app';
import { admin, person } from './support';

describe('admin: plans', () => {
  const t = useTestApp();
  const publicPlans = async () => (await t.app.inject({ url: '/api/subscription/plans' })).json().data.map((p: { id: string }) => p.id);

  it('lists every plan, retired ones too, with Stripe price and subscribers', async () => {
    const { agent } = await admin(t);
    const lena = await person(t);
    await agent.request('PUT', `/api/admin/users/${lena.sid}/plan`, { plan_id: 'leader-monthly' });
    const plans = (await agent.get('/api/admin/plans')).json().data;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['reader-monthly', 'leader-monthly', 'leader-yearly-2025']);
    expect(plans[1]).toMatchObject({
      name: 'Leader',
      active: true,
      stripe_price_id: null,
      subscribers: 1,
      price: { unit_amount: 999, interval: 'month' },
    });
    expect(plans[2]).toMatchObject({ active: false, subscribers: 0 });
  });

  it('creates a plan (its id made from the name) that the public list shows at once, cheapest first', async () => {
    const { agent } = await admin(t);
    const res = await agent.post('/api/admin/plans', {
      name: 'Reader Lite',
      type: 'reader_subscription',
      description: 'Read only, for a small price.',
      features: ['Read public discussions', ' Search '],
      unit_amount: 199,
      interval: 'month',
      stripe_price_id: 'price_1Lite',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      id: 'reader-lite-month',
      active: true,
      features: ['Read public discussions', 'Search'],
      stripe_price_id: 'price_1Lite',
      checkout_url: 'http://localhost:3000/api/subscription/checkout/reader-lite-month',
    });
    expect(await publicPlans()).toEqual(['reader-lite-month', 'reader-monthly', 'leader-monthly']);
    const again = await agent.post('/api/admin/plans', {
      name: 'Reader Lite',
      type: 'reader_subscription',
      unit_amount: 1,
      interval: 'month',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.id).toEqual(['A plan with this id exists already.']);
  });

  it('refuses bad plans field by field with 422', async () => {
    const { agent } = await admin(t);
    const res = await agent.post('/api/admin/plans', {
      name: '',
      type: 'gold',
      unit_amount: -5,
      interval: 'fortnight',
      stripe_price_id: 'sk_live_oops',
      features: Array.from({ length: 13 }, () => 'x'),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['features', 'interval', 'name', 'stripe_price_id', 'type', 'unit_amount']);
    expect(res.json().errors.stripe_price_id).toEqual(['The stripe price id must look like price_123abc.']);
    const strict = await agent.patch('/api/admin/plans/reader-monthly', { type: 'leader_subscription' });
    expect(strict.statusCode).toBe(422);
  });

  it('edits a plan and deactivates it: gone from the public list, its holders keep it; activating brings it back', async () => {
    const { agent } = await admin(t);
    const holder = await person(t);
    await agent.request('PUT', `/api/admin/users/${holder.sid}/plan`, { plan_id: 'reader-monthly' });
    const edited = await agent.patch('/api/admin/plans/reader-monthly', {
      name: 'Reader (monthly)',
      unit_amount: '599',
      features: ['Everything to read'],
      stripe_price_id: '',
      interval: 'year',
    });
    expect(edited.json().data).toMatchObject({
      name: 'Reader (monthly)',
      price: { unit_amount: 599, interval: 'year' },
      features: ['Everything to read'],
      stripe_price_id: null,
    });
    const off = await agent.patch('/api/admin/plans/reader-monthly', { active: 0 });
    expect(off.json().data).toMatchObject({ active: false, subscribers: 1 });
    expect(await publicPlans()).toEqual(['leader-monthly']);
    expect((await holder.agent.get('/api/user')).json().data.subscription).toBe('reader_subscription');
    await agent.patch('/api/admin/plans/reader-monthly', { active: true });
    expect(await publicPlans()).toEqual(['reader-monthly', 'leader-monthly']);
    expect((await agent.patch('/api/admin/plans/nope', { active: true })).statusCode).toBe(404);
  });
});

describe('plan ids', () => {
  it('are made from the name and the interval, in URL-safe words', () => {
    expect(planIdFor('Leader Plus!', 'year')).toBe('leader-plus-year');
    expect(planIdFor('  Café  Ünïcode ', 'month')).toBe('cafe-unicode-month');
    expect(planIdFor('***', null)).toBe('plan-once');
  });
});
