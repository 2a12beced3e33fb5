import type { AdminStats, AnalyticsEventName, DailyPoint, PlanSeries } from '@wink/contracts';
import { and, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { analyticsEvents, comments, discussions, plans, reports, subscriptions, users } from '../../../db/schema/index';

const DAY_MS = 86_400_000;
const SEARCH_EVENT: AnalyticsEventName = 'search_used';
/** Subscriptions in these states are in force (past_due keeps access while the card is retried). */
const IN_FORCE = sql`('active', 'past_due')`;

/** The period's UTC days, oldest first, as YYYY-MM-DD. */
export function periodDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Every day of the period, with zero where nothing happened. */
export function fillDays(days: string[], counts: Map<string, number>): DailyPoint[] {
  return days.map((date) => ({ date, value: counts.get(date) ?? 0 }));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Rows per UTC day of `column` since the first day: one grouped scan of the column's index range. */
async function dailyCounts(db: Db, table: PgTable, column: PgColumn, since: string, where?: SQL): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(gte(column, new Date(`${since}T00:00:00Z`)), where))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/**
 * Subscriptions in force at the end of each day, per plan. A subscription counts from its creation
 * until it left the in-force states; `updated_at` is when that happened, as no other column records it.
 */
async function subscriptionsByPlan(db: Db, days: string[]): Promise<PlanSeries[]> {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const counts = rowsOf<{ day: string; plan_id: string; n: number }>(
    await db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, s.plan_id, count(*)::int AS n
      FROM generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') AS d(day)
      JOIN ${subscriptions} s
        ON s.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
       AND (s.status IN ${IN_FORCE} OR s.updated_at >= (d.day + interval '1 day') AT TIME ZONE 'UTC')
      GROUP BY 1, 2`),
  );
  const allPlans = await db
    .select({ id: plans.id, name: plans.name, type: plans.type, active: plans.active })
    .from(plans)
    .orderBy(plans.unitAmount, plans.id);
  const byPlan = new Map<string, Map<string, number>>();
  for (const row of counts) {
    const perDay = byPlan.get(row.plan_id) ?? new Map<string, number>();
    perDay.set(row.day, Number(row.n));
    byPlan.set(row.plan_id, perDay);
  }
  // Retired plans appear only while someone held them in the period.
  return allPlans
    .filter((p) => p.active || byPlan.has(p.id))
    .map((p) => ({ plan_id: p.id, plan_name: p.name, type: p.type, points: fillDays(days, byPlan.get(p.id) ?? new Map()) }));
}

async function totals(db: Db): Promise<AdminStats['totals']> {
  const [row] = rowsOf<Record<keyof AdminStats['totals'], number>>(
    await db.execute(sql`
      SELECT
        (SELECT count(*)::int FROM ${users}) AS users,
        (SELECT count(*)::int FROM ${users} WHERE banned) AS banned_users,
        (SELECT count(*)::int FROM ${subscriptions} WHERE status IN ${IN_FORCE}) AS active_subscriptions,
        (SELECT count(*)::int FROM ${discussions}) AS discussions,
        (SELECT count(*)::int FROM ${comments} WHERE deleted_at IS NULL) AS comments,
        (SELECT count(*)::int FROM ${reports} WHERE status = 'open') AS open_reports`),
  );
  const t = row!;
  return {
    users: Number(t.users),
    banned_users: Number(t.banned_users),
    active_subscriptions: Number(t.active_subscriptions),
    discussions: Number(t.discussions),
    comments: Number(t.comments),
    open_reports: Number(t.open_reports),
  };
}

/** The console's figures: today's totals and daily series over the last `days` days (UTC). */
export async function adminStats(db: Db, days: number, now = new Date()): Promise<AdminStats> {
  const period = periodDays(days, now);
  const since = period[0]!;
  const [signUps, searches, newDiscussions, newComments, subscriptionSeries, current] = await Promise.all([
    dailyCounts(db, users, users.createdAt, since),
    dailyCounts(db, analyticsEvents, analyticsEvents.occurredAt, since, sql`${analyticsEvents.name} = ${SEARCH_EVENT}`),
    dailyCounts(db, discussions, discussions.createdAt, since),
    dailyCounts(db, comments, comments.createdAt, since),
    subscriptionsByPlan(db, period),
    totals(db),
  ]);
  return {
    days,
    from: since,
    to: period[period.length - 1]!,
    totals: current,
    series: {
      sign_ups: fillDays(period, signUps),
      searches: fillDays(period, searches),
      discussions: fillDays(period, newDiscussions),
      comments: fillDays(period, newComments),
      active_subscriptions: subscriptionSeries,
    },
  };
}
