import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { readClusterImage } from './pglite-cluster-image';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw SQL statement, the same way on PGlite and node-postgres. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema's migrations alone: `prepareDatabase` (seed/) adds the reference data kept with the code. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** `SELECT 1`: whether the database answers now (the health route and the outage probe ask). */
  ping(): Promise<void>;
  /**
   * PostgreSQL: where the errors of connections no request is using go (a restart or a network cut
   * breaks them all), which would otherwise be unhandled `'error'` events that end the process.
   * PGlite runs in this process and has no connection to lose.
   */
  onConnectionError(listener: (err: Error) => void): void;
  /** PGlite only: the data folder as a tarball, to clone a migrated database quickly. */
  dump?(): Promise<Blob>;
}

/**
 * Statements sent through Drizzle since start: tests read it before and after a request to assert
 * that a page costs a fixed number of queries whatever its size (no query per row).
 */
export const statementCounter = { count: 0 };
const logger = {
  logQuery: (query: string, params: unknown[]) => {
    statementCounter.count++;
    if (process.env.LOG_SQL === '1') process.stderr.write(`SQL ${query} -- ${JSON.stringify(params)}\n`);
  },
};

/** How long a request waits for a new PostgreSQL connection before the outage answer (503). */
const CONNECT_TIMEOUT_MS = 3000;

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one, PGlite in `dataDir` (or in memory when `dataDir` is null). */
  url?: string;
  dataDir?: string | null;
  /** A dumped PGlite data folder to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // Short statements only: no JIT, which compiles any statement the planner guesses to be costly (10–20
    // ms of compiling for a few milliseconds of work), and no parallel workers, whose start-up costs a
    // search more than they save and which take the cores other requests are waiting for.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
      // A server that does not answer (a network cut, not a refusal) fails the request in seconds
      // instead of holding it; keep-alive probes find a silently dead connection.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Before the app listens (migrations), an error is printed; the app replaces this with its health.
    let onConnectionError: (err: Error) => void = (err) => void process.stderr.write(`PostgreSQL connection error: ${err.message}\n`);
    // An idle connection's error reaches the pool; one a request holds (say inside a transaction, between
    // statements) reaches only its client. Both fail that connection's queries and the pool drops it.
    pool.on('error', (err) => onConnectionError(err));
    pool.on('connect', (client) => client.on('error', (err) => onConnectionError(err)));
    const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      ping: async () => void (await pool.query('SELECT 1')),
      onConnectionError: (listener) => void (onConnectionError = listener),
    };
  }
  let dataDir: string | undefined;
  let image = options.loadDataDir;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    // A new data folder starts from the empty cluster made at install, instead of running initdb.
    if (!image && !existsSync(path.join(dataDir, 'PG_VERSION'))) image = readClusterImage();
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await createPglite(dataDir, image, options.loadDataDir === undefined);
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    ping: async () => void (await client.query('SELECT 1')),
    onConnectionError: () => undefined,
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * PGlite in `dataDir` (or in memory), from `image` when given. An install's cluster image that fails to
 * unpack (`fallBack`: the caller did not ask for that image) leaves a new, empty folder to initdb instead.
 */
export async function createPglite(dataDir: string | undefined, image: Blob | undefined, fallBack: boolean): Promise<PGlite> {
  // pg_trgm ships with PGlite as a contrib bundle; it must be loaded before its migration can create it.
  const extensions = { pg_trgm };
  if (!image) return PGlite.create(dataDir, { extensions });
  try {
    return await PGlite.create(dataDir, { loadDataDir: image, extensions });
  } catch (err) {
    if (!fallBack || !dataDir) throw err;
    process.stderr.write(
      `The embedded database's cluster image could not be used (${(err as Error).message}); creating the cluster instead.\n`,
    );
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return PGlite.create(dataDir, { extensions });
  }
}
