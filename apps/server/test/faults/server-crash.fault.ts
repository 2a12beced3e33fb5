import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
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

/** One figure from the database. */
const count = async (query: ReturnType<typeof sql>) => (await rowsOf<{ count: number }>(t.db, query))[0]!.count;

/** Each web push job's tag (its notification), as many times as it was queued. */
async function pushJobTags(): Promise<Map<string, number>> {
  const rows = await rowsOf<{ tag: string }>(
    t.db,
    sql`SELECT data->'message'->>'tag' AS tag FROM pgboss.job WHERE name = 'notification.webpush'`,
  );
  const tags = new Map<string, number>();
  for (const { tag } of rows) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  return tags;
}

describe('the server killed under load', () => {
  // A push job the dead process had claimed runs again after the restart (its attempt times out): the
  // ledger of sent messages finds the pushes it had finished sending, so only a send caught by the kill
  // between the push service's answer and the ledger's record could go twice (with the same tag and Topic,
  // which the browser replaces rather than adds). The bound asserted is exactly those sends.
  it('loses no acknowledged comment and delivers every push queued before kill -9 once', async () => {
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
    const queuedAtKill = await count(sql`SELECT count(*)::int AS count FROM pgboss.job`);
    const inFlightAtKill = await count(sql`SELECT count(*)::int AS count FROM pgboss.job WHERE state = 'active'`);
    const sendingAtKill = await count(
      sql`SELECT count(*)::int AS count FROM sent_messages WHERE sent_at IS NULL AND claimed_until > now()`,
    );

    const second = await startServerProcess(env);
    servers.push(second);
    const restartedAt = Date.now();
    // Jobs the dead process had claimed run again once their attempt times out (JOBS_TIMEOUT_SECONDS).
    // Retries included (an attempt cut by the kill waits out its backoff); a digest waits for its later hour on purpose.
    const pending = () =>
      count(
        sql`SELECT count(*)::int AS count FROM pgboss.job WHERE state IN ('retry', 'active') OR (state = 'created' AND start_after <= now())`,
      );
    await waitFor('every queued job to be done', async () => (await pending()) === 0, 120_000);
    const drainedSeconds = (Date.now() - restartedAt) / 1000;

    const lost = await lostComments(
      t.db,
      writers.acknowledged.map((a) => a.id),
    );
    const failed = await rowsOf(t.db, sql`SELECT id, output->>'message' AS error FROM pgboss.job WHERE state = 'failed'`);
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
      jobs_at_kill: queuedAtKill,
      pushes: `${push.received.length} for ${[...expected.values()].reduce((a, b) => a + b, 0)} push jobs`,
      in_flight_at_kill: inFlightAtKill,
      sends_under_way_at_kill: sendingAtKill,
      repeated: repeats,
      seconds_to_drain_after_restart: drainedSeconds.toFixed(1),
    });
    expect(lost).toEqual([]);
    expect(failed).toEqual([]);
    expect(undelivered).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(repeats).toBeLessThanOrEqual(sendingAtKill);
    await second.stop();
  });
});
