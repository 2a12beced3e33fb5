/**
 * The job queue under load: `npm run bench:jobs`. On a fresh PostgreSQL database, with the app's own
 * queue (pg-boss), mailer and ledger of sent messages, and a relay that accepts at once (so the figures
 * are the queue's, not a relay's):
 *   - throughput: 10,000 mails queued (one transaction each, as requests queue them), then the workers
 *     of one process started: mails per second until the last is done, and enqueue-to-done p50/p99
 *     (pg-boss's own created_on and completed_on);
 *   - the table after 100,000 jobs: rows and size of the queue's tables once all are done, then after
 *     the maintenance pass that deletes finished jobs past their keep time (JOBS_KEEP_SECONDS; the bench
 *     keeps them KEEP_SECONDS so the pass comes within the run).
 * Exits non-zero only when something is broken (a mail lost or sent twice), never on slow figures.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_JOBS (10000), BENCH_TABLE_JOBS (100000).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { JobQueue } from '../apps/server/src/plugins/app/jobs/job-queue';
import type { MailMessage, MailTransport } from '../apps/server/src/plugins/app/mail/mail-transport';
import { Mailer } from '../apps/server/src/plugins/app/mail/mailer';
import { benchAdminUrl, runBench } from './lib/bench-run';
import { createBenchDatabase } from './lib/postgres';
import { prepareDatabase } from '../apps/server/src/seed/prepare-database';

const THROUGHPUT_JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const TABLE_JOBS = Number(process.env.BENCH_TABLE_JOBS ?? 100_000);
const KEEP_SECONDS = 10;
/** Mails queued per transaction when filling the table (the throughput phase queues one per transaction). */
const FILL_BATCH = 1000;

/** A relay that accepts everything at once and counts what it got, by Message-ID key. */
class CountingRelay implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly received = new Map<string, number>();
  async send(message: MailMessage): Promise<void> {
    const key = message.key ?? message.to;
    this.received.set(key, (this.received.get(key) ?? 0) + 1);
  }
}

interface Run {
  database: Database;
  queue: JobQueue;
  mailer: Mailer;
  relay: CountingRelay;
}

async function openRun(url: string, log: FastifyBaseLogger): Promise<Run> {
  const database = await openDatabase({ url, poolSize: 10 });
  const queue = new JobQueue(database, log, {
    pollMs: 1000,
    timeoutSeconds: 20,
    keepSeconds: KEEP_SECONDS,
    maintenanceSeconds: KEEP_SECONDS,
  });
  const relay = new CountingRelay();
  const mailer = new Mailer(queue, relay);
  await queue.open();
  return { database, queue, mailer, relay };
}

const mail = (n: number) => ({ template: 'password-changed' as const, data: { name: `Person ${n}` } });

async function waitForRelay(relay: CountingRelay, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (relay.received.size < count) {
    if (Date.now() > deadline) throw new Error(`only ${relay.received.size} of ${count} mails arrived`);
    await sleep(20);
  }
}

/** Enqueue (the transaction's start) to done, from pg-boss's own columns, in seconds. */
async function latencies(database: Database, since = new Date(0)) {
  const { rows } = (await database.db.execute(
    sql`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY s) AS p99
        FROM (SELECT extract(epoch FROM completed_on - created_on) AS s FROM pgboss.job WHERE name = 'mail' AND state = 'completed' AND created_on >= ${since.toISOString()}::timestamptz) t`,
  )) as unknown as { rows: { p50: number; p99: number }[] };
  return { p50: Number(rows[0]!.p50).toFixed(2), p99: Number(rows[0]!.p99).toFixed(2) };
}

async function figures(database: Database) {
  const { rows } = (await database.db.execute(
    // With the ledger of sent messages: both are what the queue keeps per job (tables and indexes).
    sql`SELECT (SELECT count(*) FROM pgboss.job)::int AS jobs,
            (SELECT count(*) FROM sent_messages)::int AS ledger,
            (pg_total_relation_size('pgboss.job_common') + pg_total_relation_size('sent_messages'))::bigint AS bytes`,
  )) as unknown as { rows: { jobs: number; ledger: number; bytes: string }[] };
  return rows[0]!;
}

async function main(): Promise<number> {
  const log = pino({ level: 'error' }) as unknown as FastifyBaseLogger;
  const target = await createBenchDatabase(benchAdminUrl);
  if ('unavailable' in target) {
    console.log(`PostgreSQL is not reachable (${target.unavailable}): nothing measured.`);
    return 0;
  }
  const migrating = await openDatabase({ url: target.url, poolSize: 2 });
  await prepareDatabase(migrating);
  await migrating.close();

  // Throughput: the mails wait in the queue, then one process's workers take them.
  let run = await openRun(target.url, log);
  const { db } = run.database;
  for (let n = 0; n < THROUGHPUT_JOBS; n++) await db.transaction((tx) => run.mailer.send(tx, `p${n}@example.com`, mail(n)));
  const started = performance.now();
  await run.queue.start();
  await waitForRelay(run.relay, THROUGHPUT_JOBS, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const latency = await latencies(run.database);
  const doubled = [...run.relay.received.values()].filter((n) => n > 1).length;
  console.log(
    `throughput: ${THROUGHPUT_JOBS} queued mails in ${seconds.toFixed(1)} s = ${(THROUGHPUT_JOBS / seconds).toFixed(0)} jobs/s; ` +
      `enqueue to done p50 ${latency.p50} s, p99 ${latency.p99} s (all queued before the workers started); sent twice: ${doubled}`,
  );
  await run.queue.stop();
  await run.database.close();

  // The table over 100,000 jobs.
  run = await openRun(target.url, log);
  await run.queue.start();
  const filling = performance.now();
  const fillingSince = new Date();
  // Four writers at once, as several requests would queue them.
  let next = 0;
  const writer = async () => {
    for (let n = (next += FILL_BATCH) - FILL_BATCH; n < TABLE_JOBS; n = (next += FILL_BATCH) - FILL_BATCH) {
      await run.database.db.transaction(async (tx) => {
        for (let i = n; i < Math.min(TABLE_JOBS, n + FILL_BATCH); i++) await run.mailer.send(tx, `t${i}@example.com`, mail(i));
      });
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  await waitForRelay(run.relay, TABLE_JOBS, 1_200_000);
  const filled = (performance.now() - filling) / 1000;
  const steady = await latencies(run.database, fillingSince);
  const done = await figures(run.database);
  console.log(
    `table: ${TABLE_JOBS} jobs queued and done in ${filled.toFixed(0)} s (${(TABLE_JOBS / filled).toFixed(0)} jobs/s while queueing, enqueue to done p50 ${steady.p50} s, p99 ${steady.p99} s); ` +
      `${done.jobs} job rows, ${done.ledger} ledger rows, ${(Number(done.bytes) / 1e6).toFixed(1)} MB`,
  );
  // The maintenance pass (every five minutes in a server, every KEEP_SECONDS here) deletes what is past its keep time.
  await sleep(2 * KEEP_SECONDS * 1000 + 1000);
  await run.queue.supervise();
  const kept = await figures(run.database);
  console.log(
    `after the maintenance pass (finished jobs kept ${KEEP_SECONDS} s here, JOBS_KEEP_SECONDS in a server): ` +
      `${kept.jobs} job rows, ${(Number(kept.bytes) / 1e6).toFixed(1)} MB (the space is reused by the next jobs; ledger rows go after 3 days)`,
  );
  const sentTwice = [...run.relay.received.values()].filter((n) => n > 1).length;
  await run.queue.stop();
  await run.database.close();
  return doubled + sentTwice > 0 ? 1 : 0;
}

runBench(main);
