import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index';
import { startPushService } from '../delivery/support/push-service';
import { startServerProcess, type ServerProcess } from '../delivery/support/server-process';
import { useTestApp } from '../support/test-app';
import { aConversation, lostComments, report, serverEnv } from './support/community';
import { waitFor, Writers } from './support/writers';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** Each web push job's tag (its notification), as many times as it was queued. */
async function pushJobTags(): Promise<Map<string, number>> {
  const rows = await t.db
    .select({ tag: sql<string>`${jobs.payload}->'message'->>'tag'` })
    .from(jobs)
    .where(eq(jobs.queue, 'notification.webpush'));
  const tags = new Map<string, number>();
  for (const { tag } of rows) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  return tags;
}

describe('the server killed under load', () => {
  // A push the dead process had sent but not yet marked done is sent again after the restart: delivery is
  // at least once. The repeat carries the same tag (and Topic), so the browser replaces rather than adds.
  it('loses no acknowledged comment and delivers every push queued before kill -9; only one in flight may repeat', async () => {
    const push = await startPushService();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wink-fault-crash-'));
    closers.push(push.close, () => rm(dataDir, { recursive: true, force: true }));
    const env = { ...serverEnv(dataDir), DATABASE_URL: t.databaseUrl! };
    const servers: ServerProcess[] = [];
    closers.push(() => Promise.all(servers.map((s) => s.crash())));

    const first = await startServerProcess(env);
    servers.push(first);
    const { owner, discussionId, writers: sessions } = await aConversation(first.baseUrl, 4);
    // The owner hears of every comment by web push: a job per notification, delivered by the queue.
    expect((await owner.request('PATCH', '/api/user/settings', { web_notifications: true })).status).toBe(200);
    expect((await owner.request('POST', '/api/push/subscriptions', push.subscribe())).status).toBe(204);

    const writers = new Writers();
    writers.start(sessions, discussionId);
    await waitFor(
      'comments and their deliveries under way',
      async () => writers.acknowledged.length >= 30 && push.received.length >= 1,
      60_000,
    );
    await first.crash();
    await writers.stop();
    const queuedAtKill = await t.db.select({ count: sql<number>`count(*)::int` }).from(jobs);
    const inFlightAtKill = (
      await t.db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(isNull(jobs.completedAt), sql`${jobs.lockedUntil} > now()`))
    )[0]!.count;

    const second = await startServerProcess(env);
    servers.push(second);
    const restartedAt = Date.now();
    // Jobs the dead process had claimed stay locked for a minute before another process may take them.
    // Due jobs only: a digest waits for its later hour on purpose.
    const pending = async () =>
      (
        await t.db
          .select({ count: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(isNull(jobs.completedAt), isNull(jobs.failedAt), sql`${jobs.runAt} <= now()`))
      )[0]!.count;
    await waitFor('every queued job to be done', async () => (await pending()) === 0, 120_000);
    const drainedSeconds = (Date.now() - restartedAt) / 1000;

    const lost = await lostComments(
      t.db,
      writers.acknowledged.map((a) => a.id),
    );
    const failed = await t.db
      .select({ id: jobs.id, error: jobs.lastError })
      .from(jobs)
      .where(sql`${jobs.lastError} IS NOT NULL`);
    const expected = await pushJobTags();
    const deliveredTimes = new Map<string, number>();
    for (const message of push.received) {
      const tag = String(message.payload.tag);
      deliveredTimes.set(tag, (deliveredTimes.get(tag) ?? 0) + 1);
    }
    const tags = [...new Set([...expected.keys(), ...deliveredTimes.keys()])];
    const undelivered = tags.filter((tag) => (deliveredTimes.get(tag) ?? 0) < (expected.get(tag) ?? 0));
    const unexpected = tags.filter((tag) => !expected.has(tag));
    const repeats = tags.reduce((sum, tag) => sum + Math.max(0, (deliveredTimes.get(tag) ?? 0) - (expected.get(tag) ?? 0)), 0);
    report('server-kill', {
      writes: writers.summary(),
      lost: lost.length,
      jobs_at_kill: queuedAtKill[0]!.count,
      pushes: `${push.received.length} for ${[...expected.values()].reduce((a, b) => a + b, 0)} push jobs`,
      in_flight_at_kill: inFlightAtKill,
      repeated: repeats,
      seconds_to_drain_after_restart: drainedSeconds.toFixed(1),
    });
    expect(lost).toEqual([]);
    expect(failed).toEqual([]);
    expect(undelivered).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(repeats).toBeLessThanOrEqual(inFlightAtKill);
    await second.stop();
  });
});
