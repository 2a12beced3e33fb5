import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client';
import { isConnectionError } from '../../../lib/connection-errors';
import type { DatabaseHealth } from '../health/dependency-health';
import { jobs } from '../../../db/schema/index';

export type JobHandler = (payload: never) => Promise<void>;

interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

interface ClaimedJob {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  /** A Date from node-postgres, a string from PGlite's raw results. */
  run_at: Date | string;
}

const LOCK_SECONDS = 60;
const BATCH = 10;

/** Backoff between attempts: 5 s, 20 s, 80 s, ... capped at an hour. */
const backoffSeconds = (attempt: number) => Math.min(3600, 5 * 4 ** (attempt - 1));

/**
 * The one job queue (mail, push, digests). Jobs are rows written in the caller's transaction,
 * so a job exists exactly when the change that caused it committed; workers claim them with
 * FOR UPDATE SKIP LOCKED, which PGlite and PostgreSQL both understand.
 */
export class JobQueue {
  private handlers = new Map<string, (payload: unknown) => Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (Infinity when none is pending). */
  private timerDueAt = Infinity;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private pollMs: number,
    /** The database's health: a poll that cannot reach it reports the outage and waits for its end. */
    private health?: Pick<DatabaseHealth, 'failed' | 'check' | 'whenUp'>,
  ) {}

  handle<T>(queue: string, handler: (payload: T) => Promise<void>): void {
    this.handlers.set(queue, handler as (payload: unknown) => Promise<void>);
  }

  async enqueue(tx: DbOrTx, queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    await tx.insert(jobs).values({
      queue,
      payload,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    });
    this.nudge();
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDueAt = Infinity;
    await this.running;
  }

  /** Runs every due job until none is left: what tests call instead of waiting for the poller. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.runOnce();
      if (done === 0) return total;
      total += done;
    }
  }

  private nudge(): void {
    if (!this.stopped) this.schedule(50);
  }

  private schedule(delay: number): void {
    const dueAt = Date.now() + delay;
    // Never postpone a run already due sooner: every enqueue nudges, and under a steady stream of
    // writes a timer reset on each one would never fire (no mail or push would go out at all).
    if (this.timerDueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDueAt = Infinity;
      if (this.running) return this.schedule(this.pollMs);
      let outage = false;
      this.running = this.runOnce()
        .catch((err) => {
          if (!isConnectionError(err) || !this.health) return this.log.error({ err }, 'job poll failed');
          // Logged once by the health, which probes with backoff; the worker resumes when it answers.
          outage = true;
          this.health.failed(err);
        })
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          if (outage) void this.health!.whenUp().then(() => this.nudge());
          else this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private async runOnce(): Promise<number> {
    const claimed = (await this.db.execute(sql`
      UPDATE jobs SET locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE completed_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, queue, payload, attempts, max_attempts, run_at`)) as unknown as { rows: ClaimedJob[] };
    // RETURNING does not keep the subquery's order on PostgreSQL: sort, so mail to one person goes out in order.
    const at = (job: ClaimedJob) => new Date(job.run_at).getTime();
    const due = claimed.rows.sort((a, b) => at(a) - at(b) || Number(a.id) - Number(b.id));
    for (const job of due) await this.run(job);
    return claimed.rows.length;
  }

  private async run(job: ClaimedJob) {
    const handler = this.handlers.get(job.queue);
    try {
      if (!handler) throw new Error(`No handler for queue ${job.queue}`);
      await handler(job.payload);
      await this.db
        .update(jobs)
        .set({ completedAt: new Date(), lockedUntil: null })
        .where(eq(jobs.id, Number(job.id)));
    } catch (err) {
      // The database gone is not the job's fault (a refusing mail relay is): it stays claimed until its
      // lock expires, then runs again (handlers are idempotent), and the poll waits for the database.
      if (isConnectionError(err) && this.health && !(await this.health.check())) throw err;
      const message = err instanceof Error ? err.message : String(err);
      const exhausted = job.attempts >= job.max_attempts;
      this.log.warn({ err, job: job.id, queue: job.queue, attempt: job.attempts, exhausted }, 'job failed');
      await this.db
        .update(jobs)
        .set({
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          ...(exhausted ? { failedAt: new Date() } : { runAt: new Date(Date.now() + backoffSeconds(job.attempts) * 1000) }),
        })
        .where(and(eq(jobs.id, Number(job.id))));
    }
  }
}
