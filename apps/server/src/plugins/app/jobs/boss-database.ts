import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { fromPglite, type Db as IDatabase } from 'pg-boss';
import type { Database } from '../../../db/client';

/**
 * pg-boss's own statements (polling, maintenance, schedules) go to the app's database driver, not
 * to a pool of pg-boss's own: on PostgreSQL the app's pool, whose broken connections the app's
 * health already watches; on PGlite the one embedded instance, which pg-boss's PGlite adapter runs
 * multi-statement migrations on with exec(). Drizzle's logger never sees them, so the tests that count
 * a request's statements count only the request's.
 */
export function bossDatabase(database: Database): IDatabase {
  // Drizzle keeps the driver it was built on: the pool (node-postgres) or the PGlite instance.
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'pglite') return fromPglite(client as PGlite);
  const pool = client as pg.Pool;
  return {
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      // A multi-statement text (a migration) answers one result per statement.
      return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : result;
    },
  };
}
