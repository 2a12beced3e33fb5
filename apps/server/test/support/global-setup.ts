import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { installJobQueue } from '../../src/plugins/app/jobs/job-queue';
import { prepareDatabase } from '../../src/seed/prepare-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run. PGlite: a migrated data folder dumped to a file that every test file
 * loads (0.3 s instead of 2.5 s for a new one). PostgreSQL: a migrated template database that
 * every test file copies with CREATE DATABASE ... TEMPLATE. Both carry the job queue's schema (pg-boss).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'wink-test-'));
  const url = process.env.DATABASE_URL;
  let cleanup = async () => {};

  if (url) {
    const name = `wink_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = withDatabase(url, name);
    const db = await openDatabase({ url: templateUrl, poolSize: 1 });
    await prepareDatabase(db);
    await installJobQueue(db);
    await db.close();
    project.provide('postgresTemplate', name);
    cleanup = async () => {
      // Test files made copies named after the template; drop them all with it.
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
      for (const row of rows.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    project.provide('postgresTemplate', '');
  }

  const memory = await openDatabase({ dataDir: null });
  await prepareDatabase(memory);
  await installJobQueue(memory);
  const dump = await memory.dump!();
  await memory.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  return async () => {
    await cleanup();
    await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
