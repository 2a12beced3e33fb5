import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * At most `limit` hits per `windowMs` for one key, counted over a sliding window: a client cannot
 * spend one window's allowance just before its end and the next one's just after (a fixed window's
 * flaw, twice the limit within a moment). `windowMs` is whole seconds, as the stores count them.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

interface Clock {
  /** Tests move time across window edges without waiting. */
  now?: () => number;
}

/** Counts in this process: one server, or a fallback while Redis is away. */
export function memoryRateLimiter({ now = Date.now }: Clock = {}): RateLimiter {
  return slidingWindow(new RateLimiterMemory({ points: 1, duration: 1 }), now);
}

/**
 * Counts in Redis, shared by every process. While Redis is away (not connected, or a command fails)
 * the library's insurance limiter counts in this process: limits stay enforced per process, and no
 * request fails for it. `redis` must fail commands at once while disconnected (no offline queue).
 */
export function redisRateLimiter(redis: Redis, prefix = 'rl:', { now = Date.now }: Clock = {}): RateLimiter {
  const store = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: prefix.replace(/:$/, ''),
    points: 1,
    duration: 1,
    // Not connected: count in memory at once rather than wait for a command to fail.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points: 1, duration: 1 }),
  });
  const limiter = slidingWindow(store, now);
  const connected = firstConnection(redis);
  return {
    hit: async (key, limit, windowMs) => {
      await connected;
      return limiter.hit(key, limit, windowMs);
    },
  };
}

/**
 * The sliding-window counter (as in Cloudflare's "counting things" design): one counter per key and
 * aligned window, and the hits of the window before weighed by how much of it still overlaps the last
 * `windowMs`. Each counter lives two windows, so the previous one can still be read.
 * The library's counters are atomic (Redis INCRBY in a script), so concurrent hits never both take the
 * last place. A refused hit is given back: it does not push the wait further out, and Retry-After
 * stays true (waiting that long lets the next hit through).
 */
function slidingWindow(store: RateLimiterAbstract, now: () => number): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const at = now();
      const window = Math.floor(at / windowMs);
      const elapsed = (at - window * windowMs) / windowMs;
      const seconds = windowMs / 1000;
      const options = { customDuration: 2 * seconds };
      const keyOf = (index: number) => `${key}:${seconds}s:${index}`;
      const [previousRes, currentRes] = await Promise.all([store.get(keyOf(window - 1)), store.penalty(keyOf(window), 1, options)]);
      const previous = previousRes?.consumedPoints ?? 0;
      const current = currentRes.consumedPoints;
      // (The margin keeps float rounding from refusing a hit at the very moment Retry-After named.)
      if (previous * (1 - elapsed) + current <= limit + 1e-9) return { allowed: true, retryAfterSeconds: 0 };
      await store.reward(keyOf(window), 1, options);
      const waitMs = windowsUntilRoom(previous, current - 1, elapsed, limit) * windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000 - 1e-9)) };
    },
  };
}

/**
 * How long (in windows) until one more hit fits, given `previous` and `current` counted hits and
 * `elapsed` of the current window gone: either the previous window's weight fades enough before this
 * one ends, or this window becomes the previous one and its own weight must fade.
 */
function windowsUntilRoom(previous: number, current: number, elapsed: number, limit: number): number {
  const room = limit - 1 - current;
  if (room >= 0) return Math.max(0, 1 - room / previous - elapsed);
  return 1 - elapsed + (1 - (limit - 1) / current);
}

/** How long the first requests wait for Redis to connect before counting in this process. */
const FIRST_CONNECTION_MS = 1_000;

/**
 * Settles once the connection made at start-up is ready, has failed, or has taken too long. Until then
 * requests wait rather than count in this process: a window split between the two would let a client
 * through twice its limit.
 */
function firstConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  // A lazy connection (lazyConnect) waits for its first command: open it now.
  if (redis.status === 'wait') redis.connect().catch(() => undefined);
  return new Promise((resolve) => {
    const events = ['ready', 'error', 'end'] as const;
    const done = () => {
      clearTimeout(timer);
      for (const event of events) redis.off(event, done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_CONNECTION_MS);
    timer.unref();
    for (const event of events) redis.once(event, done);
  });
}
