import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config, type Env } from '../../src/config';
import { openDatabase, type Database, type Db } from '../../src/db/client';
import { seedPlans } from '../../src/seed/seed';
import { Agent } from './agent';
import { withDatabase } from './global-setup';
import { MemoryMailTransport } from './memory-mail';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The PostgreSQL URL of this file's database, when the suite runs on PostgreSQL. */
  databaseUrl: string | null;
  config: Config;
  mail: MemoryMailTransport;
  agent(): Agent;
  /** Builds another app on the same database (a second server process, a restart). */
  buildApp(env?: Partial<Env>, background?: boolean): Promise<FastifyInstance>;
}

/** A database of this test file's own, copied from the migrated template (PGlite, or PostgreSQL with DATABASE_URL). */
export async function openFileDatabase(): Promise<{ database: Database; url: string | null }> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `${template}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const fileUrl = withDatabase(url, name);
    return { database: await openDatabase({ url: fileUrl, poolSize: 5 }), url: fileUrl };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  return { database: await openDatabase({ dataDir: null, loadDataDir: new Blob([dump]) }), url: null };
}

async function resetTables(db: Db): Promise<void> {
  // The lay vocabulary is reference data that migrate() loads from the code, like the schema itself: kept.
  const { rows } = (await db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'mesh_lay_terms'`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  if (rows.length) await db.execute(sql.raw(`TRUNCATE TABLE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`));
  // The job queue's jobs (pg-boss keeps them in a schema of its own, created by the first app): its
  // queues and schedules stay, as the app would find them on a restart.
  const { rows: boss } = (await db.execute(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS installed`)) as unknown as {
    rows: { installed: boolean }[];
  };
  if (boss[0]?.installed) await db.execute(sql.raw('TRUNCATE TABLE pgboss.job, pgboss.job_dependency'));
}

/**
 * One database per test file, emptied before each test, and a new app per test built on it:
 * every test starts from a fresh installation (plans seeded, no users).
 */
export function useTestApp(options: { env?: Partial<Env>; background?: boolean } = {}): TestContext {
  const ctx = {} as TestContext;
  let dataDir = '';
  const extraApps: FastifyInstance[] = [];

  const configFor = (env: Partial<Env> = {}) =>
    loadConfig(
      {},
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        APP_URL: 'http://localhost:3000',
        APP_KEY: 'test-key-test-key-test-key-test-key-0001',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_IP_PER_MINUTE: 10_000,
        RATE_LIMIT_EMAIL_PER_MINUTE: 10_000,
        POSTING_LIMIT_SCALE: 1000,
        // With REDIS_URL set (CI's PostgreSQL run), limits are counted in Redis, under a prefix of this app's own.
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        REDIS_PREFIX: `test:${randomUUID()}:`,
        ...options.env,
        ...env,
      },
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wink-file-'));
    const opened = await openFileDatabase();
    ctx.database = opened.database;
    ctx.databaseUrl = opened.url;
    ctx.db = ctx.database.db;
  });

  beforeEach(async () => {
    await resetTables(ctx.db);
    await rm(path.join(dataDir, 'maintenance.json'), { force: true });
    await seedPlans(ctx.db);
    ctx.mail = new MemoryMailTransport();
    ctx.config = configFor();
    ctx.buildApp = async (env, background = false) => {
      const app = await buildApp({ config: configFor(env), database: ctx.database, mailTransport: ctx.mail, background, logger: false });
      extraApps.push(app);
      return app;
    };
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailTransport: ctx.mail,
      background: options.background ?? false,
      logger: false,
    });
    ctx.agent = () => new Agent(ctx.app);
  });

  afterEach(async () => {
    await Promise.all(extraApps.splice(0).map((a) => a.close()));
    await ctx.app?.close();
  });

  afterAll(async () => {
    await ctx.database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  return ctx;
}
