import { Redis, type RedisOptions } from 'ioredis';
import type { DependencyHealth } from './dependency-health';

/**
 * A Redis connection whose failures are the dependency's outage: ioredis emits `'error'` on every
 * failed reconnection attempt (without a listener, "Unhandled error event" each time), so they go to
 * the health, which warns once; `'ready'` after a reconnection ends the outage. ioredis reconnects by
 * itself (50 ms, 100 ms, ... up to 2 s between attempts) and subscribes again to what it had.
 */
export function watchedRedis(url: string, health: DependencyHealth, options: RedisOptions = {}): Redis {
  return watch(new Redis(url, options), health);
}

/** Every connection of a health: the outage ends when all of them are ready again, not the first. */
const watched = new WeakMap<DependencyHealth, Set<Redis>>();

export function watch(client: Redis, health: DependencyHealth): Redis {
  ignoreDroppedCommands(client);
  const clients = watched.get(health) ?? new Set<Redis>();
  watched.set(health, clients.add(client));
  client.on('error', (err: Error) => health.failed(err));
  client.on('ready', () => {
    if ([...clients].every((c) => c.status === 'ready' || c.status === 'end')) health.recovered();
  });
  client.on('end', () => clients.delete(client));
  return client;
}

/**
 * Libraries send commands without handling their promise (the socket.io adapter's SUBSCRIBE, for one).
 * Those a broken or closing connection drops ("Connection is closed." when a server shuts down before
 * Redis answered) would be unhandled rejections, which end a Node process. The connection's error
 * listener already reports the outage; callers that await a command still see its rejection.
 */
function ignoreDroppedCommands(client: Redis): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const sent = send(...args);
    if (sent instanceof Promise) sent.catch(() => undefined);
    return sent;
  };
}

/**
 * The rate limiter's connection: a command fails at once while Redis is away (no offline queue, no
 * retry), so a request falls back to counting in this process instead of waiting for Redis.
 */
export const limiterRedis = (url: string, health: DependencyHealth) =>
  watchedRedis(url, health, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
