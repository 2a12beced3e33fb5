import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSession, startServerProcess, type ServerProcess } from '../delivery/support/server-process';
import { connect, record, subscribeTo } from '../realtime/support';
import { useTestApp } from '../support/test-app';
import { aConversation, lostComments, report, serverEnv } from './support/community';
import { startRedis } from './support/redis-process';
import { waitFor, Writers } from './support/writers';
import { freePort } from '../support/free-port';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const redisState = async (server: ServerProcess) =>
  ((await (await fetch(`${server.baseUrl}/api/`)).json()) as { dependencies: { redis: string } }).dependencies.redis;

describe('Redis killed under load', () => {
  it('fails no write, and the other process hears of new comments again once Redis is back', async () => {
    const redis = await startRedis(await freePort());
    const dataDir = [await mkdtemp(path.join(tmpdir(), 'wink-fault-redis-')), await mkdtemp(path.join(tmpdir(), 'wink-fault-redis-'))];
    closers.push(redis.kill, () => Promise.all(dataDir.map((dir) => rm(dir, { recursive: true, force: true }))));
    const env = (dir: string) => ({
      ...serverEnv(dir),
      DATABASE_URL: t.databaseUrl!,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `fault:${randomUUID()}:`,
    });
    const prefix = env(dataDir[0]!).REDIS_PREFIX;
    const [a, b] = await Promise.all([
      startServerProcess({ ...env(dataDir[0]!), REDIS_PREFIX: prefix }),
      startServerProcess({ ...env(dataDir[1]!), REDIS_PREFIX: prefix }),
    ]);
    closers.push(() => Promise.all([a.stop(), b.stop()]));

    // The writers post on process A; a reader has the discussion open on process B.
    const { discussionId, writers: sessions } = await aConversation(a.baseUrl, 3);
    const reader = new HttpSession(a.baseUrl);
    await reader.register('Rosa', `reader-${randomUUID()}@example.com`);
    const socket = await connect(b.baseUrl, { cookie: reader.cookieHeader() });
    expect(await subscribeTo(socket, discussionId)).toEqual({ ok: true });
    const heard: { id: string; at: number }[] = [];
    const live = record(socket, 'comment:created');
    socket.on('comment:created', (event) => void heard.push({ id: event.comment.id, at: Date.now() }));

    const writers = new Writers();
    writers.start(sessions, discussionId);
    await waitFor('comments heard on the other process', () => heard.length >= 5, 30_000);

    await redis.kill();
    const killedAt = Date.now();
    await waitFor(
      'both processes to notice Redis is gone',
      async () => (await redisState(a)) === 'down' && (await redisState(b)) === 'down',
      10_000,
    );
    await waitFor('writes while Redis is down', () => writers.ackedSince(killedAt) >= 20, 30_000);

    const restartedAt = Date.now();
    await redis.start();
    const ackedAfter = () => new Set(writers.acknowledged.filter((w) => w.at >= restartedAt).map((w) => w.id));
    const heardAfter = () => {
      const ids = ackedAfter();
      return heard.filter((h) => ids.has(h.id));
    };
    await waitFor('the other process to hear new comments again', () => heardAfter().length >= 10, 30_000);
    await writers.stop();
    // Each process says so in its log when its own health check next reaches Redis, which can come
    // after the other process's events already flow again.
    await waitFor('both processes to log that Redis is back', () => [a, b].every((s) => /Redis is back after/.test(s.output())), 10_000);
    const recoverySeconds = (Math.min(...heardAfter().map((h) => h.at)) - restartedAt) / 1000;

    const lost = await lostComments(
      t.db,
      writers.acknowledged.map((w) => w.id),
    );
    report('redis-kill', {
      writes: writers.summary(),
      lost: lost.length,
      events_on_other_process: live.length,
      events_after_recovery: heardAfter().length,
      seconds_to_fan_out_after_redis_back: recoverySeconds.toFixed(2),
    });
    expect([...writers.statuses.keys()]).toEqual(['201']);
    expect(lost).toEqual([]);
    for (const server of [a, b]) {
      const log = server.output();
      const lines = log.split('\n').filter((l) => /Redis/.test(l));
      expect(log.match(/Redis is unreachable/g), lines.join('\n')).toHaveLength(1);
      expect(log).toMatch(/Redis is back after/);
      expect(log).not.toMatch(/Unhandled error event|Unhandled|uncaught/i);
    }
    expect(await redisState(a)).toBe('up');
  });
});
