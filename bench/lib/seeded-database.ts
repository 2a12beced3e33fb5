import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { benchAdminUrl } from './bench-run';
import { defer } from './cleanup';
import { createBenchDatabase } from './postgres';
import { startWinkServer } from './servers';

export interface SeededDatabase {
  /** The PostgreSQL database's URL; unset on PGlite. */
  databaseUrl?: string;
  /** What a server needs to serve from this database (PGlite: its data folder). */
  serverEnv: Record<string, string>;
  /** Opens it in this process, to load data or time bare queries while no server has it open. */
  open: () => Promise<Database>;
}

/**
 * A migrated database with the demo accounts and corpus, for the benchmarks that add their own data
 * next (search, Wink, discussions, notifications): a new PostgreSQL database, dropped at exit unless
 * `keep`, or a PGlite folder that the server and this process take turns on (PGlite is single-process).
 */
export async function seededBenchDatabase(
  target: 'postgres' | 'pglite',
  name: string,
  keep = false,
): Promise<SeededDatabase | { unavailable: string }> {
  let out: SeededDatabase;
  if (target === 'postgres') {
    const database = await createBenchDatabase(benchAdminUrl, { keep });
    if ('unavailable' in database) return database;
    if (keep) console.log(`Database kept: ${database.url}`);
    out = { databaseUrl: database.url, serverEnv: {}, open: () => openDatabase({ url: database.url, poolSize: 2 }) };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `wink-bench-${name}-`));
    defer(() => rmSync(dataDir, { recursive: true, force: true }));
    out = { serverEnv: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
  }
  console.log(`${target}: migrating and seeding the demo accounts and corpus…`);
  const seeding = await startWinkServer({ databaseUrl: out.databaseUrl, env: { ...out.serverEnv, SEED_DEMO: '1' } });
  await seeding.stop();
  return out;
}

/**
 * A seeded PostgreSQL database's URL for a benchmark that loads its own data next (BENCH_KEEP_DATABASE=1
 * keeps it afterwards), or null, said on the console, when PostgreSQL is unavailable.
 */
export async function seededPostgresUrl(name: string): Promise<string | null> {
  const database = await seededBenchDatabase('postgres', name, process.env.BENCH_KEEP_DATABASE === '1');
  if ('unavailable' in database) {
    console.log(`PostgreSQL unavailable (${database.unavailable}); nothing measured.`);
    return null;
  }
  return database.databaseUrl!; // PostgreSQL asked for, so set
}
