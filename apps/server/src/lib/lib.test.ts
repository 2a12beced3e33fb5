import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { shortId } from './crypto';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter';
import { checkSignedUrl, signUrl } from './signed-url';

describe('signed links', () => {
  const key = 'k'.repeat(40);
  const parts = (url: string) => {
    const u = new URL(url);
    return [u.pathname, u.searchParams.get('expires')!, u.searchParams.get('signature')!] as const;
  };

  it('accepts its own link until it expires', () => {
    const [path, expires, signature] = parts(signUrl(key, 'http://x', '/verify-email/a/b', 60, 1_000_000));
    expect(checkSignedUrl(key, path, expires, signature, 1_000_000)).toBe('valid');
    expect(checkSignedUrl(key, path, expires, signature, 1_000_000 + 61_000)).toBe('expired');
  });

  it('refuses another path, another expiry, another key, and junk', () => {
    const [path, expires, signature] = parts(signUrl(key, 'http://x', '/verify-email/a/b', 60));
    expect(checkSignedUrl(key, '/verify-email/a/c', expires, signature)).toBe('invalid');
    expect(checkSignedUrl(key, path, String(Number(expires) + 1), signature)).toBe('invalid');
    expect(checkSignedUrl('other'.repeat(8), path, expires, signature)).toBe('invalid');
    expect(checkSignedUrl(key, path, 'soon', 'xyz')).toBe('invalid');
  });
});

describe('short public ids', () => {
  it('are 10 URL-safe characters without look-alikes, and do not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => shortId()));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-km-zA-HJ-NP-Z]{10}$/);
  });
});

const limiterContract = (name: string, make: () => RateLimiter) =>
  describe(`${name} rate limiter`, () => {
    it('allows up to the limit in a window, then refuses with the seconds left', async () => {
      const limiter = make();
      const key = randomUUID();
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(key, 3, 60_000));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(50);
      expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('opens a new window once the old one is over', async () => {
      const limiter = make();
      const key = randomUUID();
      await limiter.hit(key, 1, 200);
      expect((await limiter.hit(key, 1, 200)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 250));
      expect((await limiter.hit(key, 1, 200)).allowed).toBe(true);
    });

    it('counts keys apart', async () => {
      const limiter = make();
      await limiter.hit('a-' + randomUUID(), 1, 60_000);
      expect((await limiter.hit('b-' + randomUUID(), 1, 60_000)).allowed).toBe(true);
    });
  });

limiterContract('memory', memoryRateLimiter);

// Redis is on this machine and CI's; REDIS_URL points elsewhere when set.
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
limiterContract('Redis', () => redisRateLimiter(redis, `test:${randomUUID()}:`));

describe('Redis rate limiter', () => {
  it('shares one window between processes, from the first request on', async () => {
    const prefix = `test:${randomUUID()}:`;
    // Two processes' limiters, the second on a connection that has only just been made.
    const first = redisRateLimiter(redis, prefix);
    const fresh = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      const second = redisRateLimiter(fresh, prefix);
      expect((await second.hit('shared', 2, 60_000)).allowed).toBe(true);
      expect((await first.hit('shared', 2, 60_000)).allowed).toBe(true);
      expect((await second.hit('shared', 2, 60_000)).allowed).toBe(false);
    } finally {
      fresh.disconnect();
    }
  });
});
afterAll(() => redis.disconnect());
