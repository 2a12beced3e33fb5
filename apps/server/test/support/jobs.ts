import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../src/db/client';

/** A job as the queue's table keeps it (pg-boss's `pgboss.job`), for tests to read. */
export interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** Attempts made so far, the running one included. */
  attempts: number;
  /** The last failure's message, if the job failed. */
  lastError: string | null;
  runAt: Date;
}

/** Every job, oldest first (of one queue when given). */
export async function jobRows(db: Db, queue?: string): Promise<JobRow[]> {
  const rows = await rowsOf<JobRow & { runAt: Date | string }>(
    db,
    sql`SELECT id, name AS queue, data AS payload, state,
          retry_count + CASE WHEN state = 'created' THEN 0 ELSE 1 END AS attempts,
          output->>'message' AS "lastError", start_after AS "runAt"
        FROM pgboss.job WHERE ${queue ?? null}::text IS NULL OR name = ${queue ?? null}
        ORDER BY created_on, id`,
  );
  return rows.map((r) => ({ ...r, runAt: new Date(r.runAt), attempts: Number(r.attempts) }));
}

/** Skips a backoff or a deferral: makes the waiting jobs (of one queue when given) due now. */
export async function makeDue(db: Db, queue?: string): Promise<void> {
  await db.execute(
    sql`UPDATE pgboss.job SET start_after = now() - interval '1 second'
        WHERE state IN ('created', 'retry') AND (${queue ?? null}::text IS NULL OR name = ${queue ?? null})`,
  );
}

/** Moves the waiting jobs (of one queue when given) earlier, as if that much time had passed. */
export async function advanceJobs(db: Db, interval: string, queue?: string): Promise<void> {
  await db.execute(
    sql`UPDATE pgboss.job SET start_after = start_after - ${interval}::interval
        WHERE state IN ('created', 'retry') AND (${queue ?? null}::text IS NULL OR name = ${queue ?? null})`,
  );
}

/** Runs a finished job again, as a queue would after its process died before recording the job done. */
export async function runAgain(db: Db, queue: string): Promise<void> {
  await db.execute(
    sql`UPDATE pgboss.job SET state = 'created', start_after = now() - interval '1 second', completed_on = NULL
        WHERE name = ${queue}`,
  );
}
