import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter';

const MINUTE = 60_000;

/** A clock the test moves, starting on a window's edge. */
function testClock() {
  const clock = { at: Math.floor(Date.now() / MINUTE) * MINUTE, now: () => clock.at };
  return clock;
}

async function hits(limiter: RateLimiter, key: string, count: number, limit: number) {
  const decisions = [];
  for (let i = 0; i < count; i++) decisions.push(await limiter.hit(key, limit, MINUTE));
  return decisions;
}

const passed = (decisions: { allowed: boolean }[]) => decisions.filter((d) => d.allowed).length;

const limiterContract = (name: string, make: (now: () => number) => RateLimiter) =>
  describe(`${name} rate limiter`, () => {
    it('allows up to the limit, then refuses with a wait that is true to the second', async () => {
      const clock = testClock();
      const limiter = make(clock.now);
      const key = randomUUID();
      clock.at += 1_000;
      const decisions = await hits(limiter, key, 4, 3);
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      const wait = decisions[3]!.retryAfterSeconds;
      // The rest of this minute, and a third of the next, by when this minute's three weigh two.
      expect(wait).toBe(59 + 20);
      clock.at += (wait - 1) * 1_000;
      expect((await limiter.hit(key, 3, MINUTE)).allowed).toBe(false);
      clock.at += 1_000;
      expect((await limiter.hit(key, 3, MINUTE)).allowed).toBe(true);
    });

    it('never lets twice the limit through at a window edge', async () => {
      const clock = testClock();
      const limiter = make(clock.now);
      const key = randomUUID();
      clock.at += MINUTE - 1;
      const before = await hits(limiter, key, 10, 10);
      clock.at += 2;
      const after = await hits(limiter, key, 10, 10);
      expect([passed(before), passed(after)]).toEqual([10, 0]);
      expect(after[0]!.retryAfterSeconds).toBeGreaterThanOrEqual(6);
    });

    it('slides: half a window on, half of the last window still counts', async () => {
      const clock = testClock();
      const limiter = make(clock.now);
      const key = randomUUID();
      clock.at += MINUTE - 1;
      await hits(limiter, key, 10, 10);
      clock.at += 1 + MINUTE / 2;
      expect(passed(await hits(limiter, key, 10, 10))).toBe(5);
      // Two windows on, the old hits count no more.
      clock.at += 2 * MINUTE;
      expect(passed(await hits(limiter, key, 12, 10))).toBe(10);
    });

    it('takes nothing for a refused hit: knocking on does not push the wait out', async () => {
      const clock = testClock();
      const limiter = make(clock.now);
      const key = randomUUID();
      await hits(limiter, key, 2, 2);
      const first = await limiter.hit(key, 2, MINUTE);
      const later = await hits(limiter, key, 20, 2);
      expect(passed(later)).toBe(0);
      expect(later.every((d) => d.retryAfterSeconds === first.retryAfterSeconds)).toBe(true);
    });

    it('counts keys apart', async () => {
      const limiter = make(Date.now);
      await limiter.hit('a-' + randomUUID(), 1, MINUTE);
      expect((await limiter.hit('b-' + randomUUID(), 1, MINUTE)).allowed).toBe(true);
    });
  });

limiterContract('memory', (now) => memoryRateLimiter({ now }));

// Redis is on this machine and CI's; REDIS_URL points elsewhere when set.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const limiterConnection = (url: string) => new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
const redis = limiterConnection(REDIS_URL);
afterAll(() => redis.disconnect());
limiterContract('Redis', (now) => redisRateLimiter(redis, `test:${randomUUID()}:`, { now }));

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Redis rate limiter', () => {
  it('shares one window between processes, from the first request on', async () => {
    const prefix = `test:${randomUUID()}:`;
    // Two processes' limiters, the second on a connection that has only just been made.
    const first = redisRateLimiter(redis, prefix);
    const fresh = limiterConnection(REDIS_URL);
    try {
      const second = redisRateLimiter(fresh, prefix);
      expect((await second.hit('shared', 2, MINUTE)).allowed).toBe(true);
      expect((await first.hit('shared', 2, MINUTE)).allowed).toBe(true);
      expect((await second.hit('shared', 2, MINUTE)).allowed).toBe(false);
    } finally {
      fresh.disconnect();
    }
  });

  it('counts in this process while Redis is away, without failing a request', async () => {
    const away = limiterConnection(`redis://127.0.0.1:${await deadPort()}`);
    away.on('error', () => undefined);
    try {
      const limiter = redisRateLimiter(away, `test:${randomUUID()}:`);
      const decisions = await hits(limiter, 'alone', 4, 3);
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      away.disconnect();
    }
  });
});
