import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type JobResult, type SendOptions } from 'pg-boss';
import { rowsOf, type Database, type Db, type DbOrTx } from '../../../db/client';
import { isConnectionError } from '../../../lib/connection-errors';
import type { DatabaseHealth } from '../../../lib/dependency-health';
import { bossDatabase } from './boss-database';
import { sentMessages } from './sent-messages';

/** What a handler knows of its job besides the payload. */
export interface JobContext {
  /** The job's id: the same on every attempt, the key of whatever it sends. */
  key: string;
  /** Aborted when the handler's time is up: pass it to whatever waits on the network. */
  signal: AbortSignal;
}

export type JobHandler<T> = (payload: T, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (a queue's own enqueue wakes it sooner). */
  pollMs: number;
  /** How long a handler may run before it is aborted and its job retried (pg-boss's expireInSeconds). */
  timeoutSeconds: number;
  /** How long finished jobs stay in the table before the maintenance pass deletes them. */
  keepSeconds: number;
  /** How often the maintenance pass deletes what is past `keepSeconds` (default five minutes). */
  maintenanceSeconds?: number;
  /** Whether this process runs the maintenance passes and the schedules' timer (false where tests drain by hand). */
  background?: boolean;
  /** The database's health: a worker that cannot reach it reports the outage, logged once. */
  health?: Pick<DatabaseHealth, 'failed'>;
}

/** The pg-boss schema: its tables live apart from the app's, created and migrated by pg-boss at start. */
export const BOSS_SCHEMA = 'pgboss';
/** Jobs a worker fetches at once; it fetches again at once while batches come back full. */
const BATCH = 10;
/** Backoff between attempts: about 5 s, 10 s, 20 s, ... with jitter, capped at an hour. */
const RETRY = { retryDelay: 5, retryBackoff: true, retryDelayMax: 3600 } as const;

/**
 * pg-boss's schema created (or migrated) without starting a queue: what a server's first start does
 * anyway, done ahead where a database is prepared once for many apps (the tests' template databases).
 */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: bossDatabase(database),
    schema: BOSS_SCHEMA,
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    supervise: false,
    schedule: false,
    openTelemetry: { enabled: false },
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

interface Registered {
  run: JobHandler<unknown>;
  /** Set for schedules: the cron expression pg-boss sends the queue's job on. */
  cron?: string;
}

/**
 * The one job queue (mail, push, digests, the scheduled sweeps), on pg-boss over the app's own
 * database, PostgreSQL or the embedded PGlite. A job is a row written in the caller's transaction, so
 * it exists exactly when the change that caused it committed. pg-boss claims jobs with SKIP LOCKED,
 * retries them with backoff, fails an attempt whose handler outlives its timeout (and aborts the
 * handler's signal), and deletes finished jobs after `keepSeconds`. Delivery is at least once: every
 * handler is idempotent, and `handleSends` makes a send go out once (see `sentMessages`).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly db: Db;
  private readonly handlers = new Map<string, Registered>();
  private readonly workers = new Map<string, string>();
  private readonly created = new Set<string>();
  private opened: Promise<void> | undefined;
  private running = false;

  constructor(
    database: Database,
    private log: FastifyBaseLogger,
    private options: JobQueueOptions,
  ) {
    this.db = database.db;
    const pglite = database.kind === 'pglite';
    this.boss = new PgBoss({
      db: bossDatabase(database),
      schema: BOSS_SCHEMA,
      backend: pglite ? 'pglite' : 'postgres',
      // Expired attempts are found within ten seconds (a killed process's jobs run again soon after
      // their timeout), finished jobs deleted every five minutes.
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 300,
      supervise: options.background ?? true,
      schedule: options.background ?? true,
      // Index rebuilds and vacuum checks are PostgreSQL operations a single-connection PGlite has no use for.
      reindex: !pglite,
      monitorVacuum: !pglite,
      openTelemetry: { enabled: false },
    });
    // Never an unhandled 'error' (which would end the process): an unreachable database is the
    // health's outage, logged once; anything else is logged as it comes.
    this.boss.on('error', (err) => {
      if (isConnectionError(err) && this.options.health) this.options.health.failed(err);
      else this.log.error({ err }, 'job queue error');
    });
    this.boss.on('warning', (warning) => this.log.warn({ warning: warning.data }, `job queue: ${warning.message}`));
  }

  /**
   * The handler of a queue. Resolves once the queue exists, which `open()` also waits for: a queue is
   * created before anything is queued on it (never from inside a caller's transaction, which on PGlite,
   * one connection, would wait for itself).
   */
  handle<T>(queue: string, handler: JobHandler<T>): Promise<void> {
    this.handlers.set(queue, { run: handler as JobHandler<unknown> });
    return this.opened ? this.opened.then(() => this.activate(queue)) : Promise.resolve();
  }

  /** A queue whose handler sends something beyond the database (mail, push): each job's send goes out once. */
  handleSends<T>(queue: string, send: JobHandler<T>): Promise<void> {
    const claimSeconds = this.options.timeoutSeconds + 5;
    return this.handle<T>(queue, async (payload, job) => {
      const outcome = await sentMessages.once(this.db, `${queue}:${job.key}`, claimSeconds, () => send(payload, job));
      if (outcome === 'already sent') this.log.info({ queue, job: job.key }, 'job ran again after its send; nothing sent twice');
    });
  }

  /** Work done on a schedule (cron, UTC) by whichever process's worker claims it first. */
  every(queue: string, cron: string, work: () => Promise<void>): Promise<void> {
    this.handlers.set(queue, { run: () => work(), cron });
    return this.opened ? this.opened.then(() => this.activate(queue)) : Promise.resolve();
  }

  /** Creates pg-boss's schema (or migrates it) and every queue handled so far. */
  open(): Promise<void> {
    this.opened ??= (async () => {
      await this.boss.start();
      for (const queue of this.handlers.keys()) await this.activate(queue);
      await this.carryOverHandWrittenQueue();
    })();
    return this.opened;
  }

  /** Workers for every queue, and the schedules: what a server process runs (tests drain by hand). */
  async start(): Promise<void> {
    await this.open();
    this.running = true;
    for (const queue of this.handlers.keys()) await this.activate(queue);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (!this.opened) return;
    await this.opened.catch(() => undefined);
    // Handlers under way get a few seconds to finish; a job cut short runs again elsewhere (idempotent).
    await this.boss.stop({ graceful: true, timeout: 5000, close: false });
  }

  /** Queue a job in the caller's transaction (or on the database itself): it exists only if that commits. */
  async enqueue(tx: DbOrTx, queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    if (!this.created.has(queue)) throw new Error(`The job queue ${queue} has no handler.`);
    await this.boss.send(queue, payload as object, {
      ...this.sendOptions(options),
      db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
    });
    this.nudge(queue);
  }

  /**
   * Runs every due job until none is left, one at a time in the order queued: what tests call instead
   * of waiting for the workers. Answers how many jobs ran (succeeded or failed).
   */
  async drain(): Promise<number> {
    await this.open();
    let total = 0;
    for (;;) {
      let ran = 0;
      for (const queue of this.handlers.keys()) {
        const batch = await this.boss.fetch<unknown>(queue, { batchSize: BATCH, includeMetadata: true });
        // The claim's RETURNING does not keep the fetch's order on PostgreSQL: sorted again, oldest first.
        batch.sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
        for (const job of batch) {
          const [result] = await this.runBatch(queue, [job], false);
          if (result!.status === 'completed') await this.boss.complete(queue, job.id);
          else await this.boss.fail(queue, job.id, result!.output as object);
        }
        ran += batch.length;
      }
      if (ran === 0) return total;
      total += ran;
    }
  }

  /** One maintenance pass now (expiry of overdue attempts, deletion of finished jobs): tests and the bench. */
  supervise(): Promise<void> {
    return this.boss.supervise();
  }

  /**
   * Once, after the upgrade that brought pg-boss: the unfinished jobs of the hand-written queue's table
   * (renamed by migration 0028) are queued here with the attempts they had left, then the table goes.
   * One transaction, so two processes starting together cannot both carry them (the second finds no table).
   */
  private async carryOverHandWrittenQueue(): Promise<void> {
    const [old] = await rowsOf<{ present: boolean }>(this.db, sql`SELECT to_regclass('jobs_before_pg_boss') IS NOT NULL AS present`);
    if (!old?.present) return;
    await this.db
      .transaction(async (tx) => {
        // Another process starting at the same moment waits here, then finds the table gone.
        await tx.execute(sql`LOCK TABLE jobs_before_pg_boss`);
        const pending = await rowsOf<{ queue: string; payload: unknown; run_at: Date | string; attempts_left: number }>(
          tx,
          sql`DELETE FROM jobs_before_pg_boss WHERE completed_at IS NULL AND failed_at IS NULL
            RETURNING queue, payload, run_at, greatest(1, max_attempts - attempts) AS attempts_left`,
        );
        for (const job of pending) {
          if (!this.created.has(job.queue)) continue;
          await this.enqueue(tx, job.queue, job.payload, { runAt: new Date(job.run_at), maxAttempts: Number(job.attempts_left) });
        }
        await tx.execute(sql`DROP TABLE jobs_before_pg_boss`);
        if (pending.length) this.log.info(`job queue: ${pending.length} unfinished jobs carried over from the previous queue`);
      })
      .catch((err: unknown) => {
        const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
        if (code !== '42P01') throw err; // undefined_table: the other process carried them over
      });
  }

  /** The queue created, and once the workers run, its worker started and its schedule set. */
  private async activate(queue: string): Promise<void> {
    if (!this.created.has(queue)) {
      await this.boss.createQueue(queue);
      this.created.add(queue);
    }
    if (!this.running || this.workers.has(queue)) return;
    const pollingIntervalSeconds = Math.max(0.5, this.options.pollMs / 1000);
    const options = { batchSize: BATCH, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds } as const;
    this.workers.set(queue, await this.boss.work<unknown>(queue, options, (batch) => this.runBatch(queue, batch)));
    const cron = this.handlers.get(queue)?.cron;
    if (cron) await this.boss.schedule(queue, cron, null, this.sendOptions({}));
  }

  private sendOptions({ runAt, maxAttempts = 5 }: EnqueueOptions): SendOptions {
    return {
      ...RETRY,
      retryLimit: maxAttempts - 1,
      expireInSeconds: this.options.timeoutSeconds,
      deleteAfterSeconds: this.options.keepSeconds,
      ...(runAt ? { startAfter: runAt } : {}),
    };
  }

  /** The jobs of one fetch side by side, each settled on its own (a failing one holds back no other). */
  private runBatch(queue: string, batch: Job<unknown>[], concurrently = true): Promise<JobResult[]> {
    const one = async (job: Job<unknown>): Promise<JobResult> => {
      const handler = this.handlers.get(queue);
      const timeout = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
      const signal = job.signal ? AbortSignal.any([job.signal, timeout]) : timeout;
      try {
        if (!handler) throw new Error(`No handler for queue ${queue}`);
        await handler.run(job.data, { key: job.id, signal });
        return { id: job.id, status: 'completed' };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (isConnectionError(err) && this.options.health) this.options.health.failed(err);
        else this.log.warn({ err, job: job.id, queue }, 'job failed');
        return { id: job.id, status: 'failed', output: { message: message.slice(0, 2000) } };
      }
    };
    if (concurrently) return Promise.all(batch.map(one));
    return (async () => {
      const results: JobResult[] = [];
      for (const job of batch) results.push(await one(job));
      return results;
    })();
  }

  /** A job queued here is picked up at once rather than at the next poll (after its transaction's commit, as a rule). */
  private nudge(queue: string): void {
    const worker = this.workers.get(queue);
    if (!this.running || !worker) return;
    setTimeout(() => this.boss.notifyWorker(worker), 50).unref();
  }
}
