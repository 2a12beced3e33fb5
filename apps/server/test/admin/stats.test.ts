import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, comments, discussions, subscriptions, users } from '../../src/db/schema/index';
import { fillDays, periodDays } from '../../src/plugins/app/admin/admin-stats';
import { plansRepository, setPlanManually } from '../../src/plugins/app/plans/plans-repository';
import { useTestApp } from '../support/test-app';
import { admin, commentBy, discussionBy, person } from './support';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const dateOf = (days: number) => ago(days).toISOString().slice(0, 10);
type Point = { date: string; value: number };
const valueOn = (points: Point[], days: number) => points.find((p) => p.date === dateOf(days))?.value;
const sum = (points: Point[]) => points.reduce((n, p) => n + p.value, 0);

describe('admin: figures', () => {
  const t = useTestApp();

  it('counts each day of the period from the data and analytics tables, with zeros between', async () => {
    const { agent } = await admin(t);
    const older = await person(t);
    const old = await person(t);
    const ancient = await person(t);
    await t.db
      .update(users)
      .set({ createdAt: ago(3) })
      .where(eq(users.id, older.row.id));
    await t.db
      .update(users)
      .set({ createdAt: ago(3) })
      .where(eq(users.id, old.row.id));
    await t.db
      .update(users)
      .set({ createdAt: ago(40) })
      .where(eq(users.id, ancient.row.id));

    const fresh = await person(t);
    const moved = await discussionBy(fresh.agent, 'Moved back in time');
    await discussionBy(fresh.agent, 'Opened today');
    const comment = await commentBy(fresh.agent, moved);
    await commentBy(fresh.agent, moved, 'Another thought');
    await t.db
      .update(discussions)
      .set({ createdAt: ago(5) })
      .where(eq(discussions.id, moved));
    await t.db
      .update(comments)
      .set({ createdAt: ago(2) })
      .where(eq(comments.id, comment));

    const event = (name: 'search_used' | 'page_view', daysAgo: number) => ({ name, occurredAt: ago(daysAgo), properties: {} });
    await t.db
      .insert(analyticsEvents)
      .values([event('search_used', 1), event('search_used', 1), event('page_view', 1), event('search_used', 31)]);

    const res = await agent.get('/api/admin/stats?days=30');
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats).toMatchObject({ days: 30, from: dateOf(29), to: dateOf(0) });
    const { sign_ups, searches, discussions: opened, comments: written } = stats.series;
    for (const series of [sign_ups, searches, opened, written]) expect(series).toHaveLength(30);
    expect(valueOn(sign_ups, 3)).toBe(2);
    expect(valueOn(sign_ups, 0)).toBe(2); // the admin and the discussion author
    expect(sum(sign_ups)).toBe(4);
    expect(valueOn(searches, 1)).toBe(2);
    expect(sum(searches)).toBe(2);
    expect([valueOn(opened, 5), valueOn(opened, 0), sum(opened)]).toEqual([1, 1, 2]);
    expect([valueOn(written, 2), valueOn(written, 0)]).toEqual([1, 1]);
    expect(stats.totals).toMatchObject({ users: 5, banned_users: 0, discussions: 2, comments: 2, open_reports: 0 });

    // A longer period reaches further back.
    const quarter = (await agent.get('/api/admin/stats?days=90')).json().data;
    expect(sum(quarter.series.sign_ups)).toBe(5);
    expect(sum(quarter.series.searches)).toBe(3);
  });

  it('counts subscriptions in force at the end of each day, per plan', async () => {
    const { agent } = await admin(t);
    const reader = await person(t);
    const leaver = await person(t);
    await setPlanManually(t.db, reader.row.id, (await plansRepository.findById(t.db, 'reader-monthly'))!);
    await setPlanManually(t.db, leaver.row.id, (await plansRepository.findById(t.db, 'leader-monthly'))!);
    await t.db
      .update(subscriptions)
      .set({ createdAt: ago(10) })
      .where(eq(subscriptions.userId, reader.row.id));
    await t.db
      .update(subscriptions)
      .set({ createdAt: ago(20) })
      .where(eq(subscriptions.userId, leaver.row.id));
    // Ended five days ago: counted through the day before, not on the day itself.
    await t.db
      .update(subscriptions)
      .set({ status: 'ended', updatedAt: ago(5) })
      .where(and(eq(subscriptions.userId, leaver.row.id), eq(subscriptions.status, 'active')));

    const stats = (await agent.get('/api/admin/stats?days=30')).json().data;
    const byPlan = Object.fromEntries(
      stats.series.active_subscriptions.map((s: { plan_id: string; points: Point[] }) => [s.plan_id, s.points]),
    );
    expect(Object.keys(byPlan)).toEqual(['reader-monthly', 'leader-monthly']);
    expect([valueOn(byPlan['reader-monthly'], 11), valueOn(byPlan['reader-monthly'], 10), valueOn(byPlan['reader-monthly'], 0)]).toEqual([
      0, 1, 1,
    ]);
    expect([valueOn(byPlan['leader-monthly'], 21), valueOn(byPlan['leader-monthly'], 20)]).toEqual([0, 1]);
    expect([valueOn(byPlan['leader-monthly'], 6), valueOn(byPlan['leader-monthly'], 5)]).toEqual([1, 0]);
    expect(stats.totals.active_subscriptions).toBe(1);
  });

  it('refuses a period it does not offer', async () => {
    const { agent } = await admin(t);
    for (const days of ['0', '366', 'week', '2.5']) {
      const res = await agent.get(`/api/admin/stats?days=${days}`);
      expect(res.statusCode, days).toBe(422);
      expect(res.json().errors.days).toHaveLength(1);
    }
  });
});

describe('daily buckets', () => {
  it('lists the period oldest first in UTC days, today last', () => {
    const now = new Date('2026-03-02T23:30:00-05:00'); // already 3 March in UTC
    expect(periodDays(3, now)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(fillDays(['2026-03-01', '2026-03-02'], new Map([['2026-03-02', 4]]))).toEqual([
      { date: '2026-03-01', value: 0 },
      { date: '2026-03-02', value: 4 },
    ]);
  });
});
