import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters. In memory on one process; in Redis when several processes share the load. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      // Forget finished windows now and then so the map does not grow without bound.
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    },
  };
}

/**
 * Counters in Redis, shared by every process. While Redis is away (not connected, or a command
 * fails), this process counts alone: limits stay enforced per process, and no request fails for it.
 */
export function redisRateLimiter(redis: Redis, prefix = 'rl:', fallback: RateLimiter = memoryRateLimiter()): RateLimiter {
  const shared: RateLimiter['hit'] = async (key, limit, windowMs) => {
    const k = prefix + key;
    const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
    let remaining = ttl;
    if (ttl < 0) {
      await redis.pexpire(k, windowMs);
      remaining = windowMs;
    }
    return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(remaining / 1000)) };
  };
  const connected = firstConnection(redis);
  return {
    // The connection's error listener has already reported the outage; nothing more to log per request.
    hit: async (key, limit, windowMs) => {
      await connected;
      return redis.status === 'ready'
        ? shared(key, limit, windowMs).catch(() => fallback.hit(key, limit, windowMs))
        : fallback.hit(key, limit, windowMs);
    },
  };
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
