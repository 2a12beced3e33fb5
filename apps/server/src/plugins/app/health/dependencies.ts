import type { HealthDependencies } from '@wink/contracts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Database } from '../../../db/client';
import { DatabaseHealth, DependencyHealth } from '../../../lib/dependency-health';

/** How long a 503 asks the client to wait while the database is away: a restart takes a few seconds. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

/**
 * What the server depends on at run time, and whether each answers: the database (without it
 * nothing works, requests answer 503) and Redis when configured (without it writes still succeed,
 * rate limits count in this process and real-time events reach this process's sockets only).
 */
export class Dependencies {
  readonly database: DatabaseHealth;
  readonly redis: DependencyHealth | null;

  constructor(log: FastifyBaseLogger, database: Database, redisConfigured: boolean) {
    this.database = new DatabaseHealth(log, () => database.ping());
    // Idle pooled connections broken by a restart: an outage, never the end of the process.
    database.onConnectionError((err) => this.database.failed(err));
    this.redis = redisConfigured
      ? new DependencyHealth('Redis', log, 'writes carry on; rate limits count in this process and live events reach its own sockets only')
      : null;
  }

  /** For the health route: which one is down. */
  get states(): HealthDependencies {
    return {
      database: this.database.up ? 'up' : 'down',
      redis: this.redis ? (this.redis.up ? 'up' : 'down') : 'off',
    };
  }

  close(): void {
    this.database.close();
  }
}

/** The answer to any request while the database is away: the maintenance dialog's shape, with a short wait. */
export function sendUnavailable(reply: FastifyReply, dependencies: Dependencies) {
  return reply
    .code(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
    .send({ message: UNAVAILABLE_MESSAGE, maintenance: { retry_after: UNAVAILABLE_RETRY_SECONDS }, dependencies: dependencies.states });
}
