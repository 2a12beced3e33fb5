import pg from 'pg';
import { defer } from './cleanup';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh `wink_bench_<timestamp>` database next to the one in `adminUrl`, dropped by `drop()` or at
 * cleanup. Answers a reason instead when PostgreSQL cannot be reached.
 */
export async function createBenchDatabase(
  adminUrl: string,
  options: { keep?: boolean } = {},
): Promise<BenchDatabase | { unavailable: string }> {
  const name = `wink_bench_${Date.now()}`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  } catch (err) {
    return { unavailable: err instanceof Error ? err.message || err.constructor.name : String(err) };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = options.keep ? async () => {} : defer(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return { name, url: url.toString(), drop };
}
