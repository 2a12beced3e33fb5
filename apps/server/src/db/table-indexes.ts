import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from './client';

/** An index or constraint as the database states it, to be dropped and made again from its own definition. */
export interface IndexDefinition {
  table: string;
  name: string;
  definition: string;
  kind: 'index' | 'constraint';
  /** A GIN or GiST index (trigrams, text search): the costliest to build, wanted last. */
  inverted: boolean;
}

/**
 * The indexes and constraints (keys, uniques, foreign keys) of these tables; without `constraints`, only
 * the indexes that back no constraint (a key other tables' foreign keys point at must stay).
 */
export async function indexesOf(db: DbOrTx, tables: string[], constraints: boolean): Promise<IndexDefinition[]> {
  const names = sql`${sql.param(tables)}::text[]`;
  const indexes = await rowsOf<{ table: string; name: string; definition: string; method: string }>(
    db,
    sql`
    SELECT t.relname AS "table", i.relname AS name, pg_get_indexdef(i.oid) AS definition, am.amname AS method
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_am am ON am.oid = i.relam
    WHERE t.relname = ANY(${names}) AND pg_table_is_visible(t.oid)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = t.oid)
    ORDER BY i.relname`,
  );
  const keys = constraints
    ? await rowsOf<{ table: string; name: string; definition: string }>(
        db,
        sql`
        SELECT t.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
        WHERE t.relname = ANY(${names}) AND pg_table_is_visible(t.oid) AND k.contype IN ('p', 'u', 'f')
        ORDER BY k.contype = 'f', k.conname`,
      )
    : [];
  return [
    // Keys first: the foreign keys need the referenced keys, and the indexes come after.
    ...keys.map((k) => ({ ...k, kind: 'constraint' as const, inverted: false })),
    ...indexes.map((i) => ({
      table: i.table,
      name: i.name,
      definition: i.definition,
      kind: 'index' as const,
      inverted: ['gin', 'gist'].includes(i.method),
    })),
  ];
}

export async function dropIndexes(db: DbOrTx, definitions: IndexDefinition[]): Promise<void> {
  // Foreign keys before the keys they might need.
  for (const d of [...definitions].reverse()) {
    if (d.kind === 'index') await db.execute(sql`DROP INDEX ${sql.identifier(d.name)}`);
    else await db.execute(sql`ALTER TABLE ${sql.identifier(d.table)} DROP CONSTRAINT ${sql.identifier(d.name)}`);
  }
}

export async function createIndexes(db: DbOrTx, definitions: IndexDefinition[]): Promise<void> {
  for (const d of definitions) {
    if (d.kind === 'index') await db.execute(sql.raw(d.definition));
    else await db.execute(sql`ALTER TABLE ${sql.identifier(d.table)} ADD CONSTRAINT ${sql.identifier(d.name)} ${sql.raw(d.definition)}`);
  }
}

/**
 * Indexes left to build after the server listens: recorded in app_state in the transaction that
 * dropped them, so a server stopped before it built them builds them on its next start. Queries give
 * the same answers meanwhile, only slower (sequential scans), and the statistics come with them.
 */
export interface PendingIndexes {
  indexes: IndexDefinition[];
  /** Tables to ANALYZE once the indexes are built (their statistics and the indexes' expressions). */
  analyze: string[];
}

/** Any constant unique to these builds: one process builds, the others find nothing left. */
const PENDING_INDEXES_LOCK = 72_013_018;

export async function deferIndexes(tx: DbOrTx, key: string, pending: PendingIndexes): Promise<void> {
  await tx.execute(sql`
    INSERT INTO app_state (key, value) VALUES (${key}, ${JSON.stringify(pending)}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
}

async function pendingIndexes(db: DbOrTx, key: string): Promise<PendingIndexes | null> {
  const rows = await rowsOf<{ value: PendingIndexes }>(db, sql`SELECT value FROM app_state WHERE key = ${key}`);
  return rows[0]?.value ?? null;
}

/**
 * Builds the indexes recorded under `key`, one transaction each (the embedded database answers
 * requests between them), then analyzes the tables. Returns how many it built, or null when none
 * were pending. When `stop` says so (the server is shutting down), the rest stay recorded.
 */
export async function buildDeferredIndexes(db: Db, key: string, stop: () => boolean = () => false): Promise<number | null> {
  if (!(await pendingIndexes(db, key))) return null;
  let built = 0;
  for (;;) {
    // The embedded database answers in the same turn of the event loop: without a turn for the
    // requests that came in meanwhile, they would wait for every index instead of one.
    await setImmediate();
    if (stop()) return built;
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PENDING_INDEXES_LOCK})`);
      const pending = await pendingIndexes(tx, key);
      if (!pending) return true;
      const [next, ...rest] = pending.indexes;
      if (!next) {
        await tx.execute(sql`SELECT set_config('maintenance_work_mem', '256MB', true)`);
        if (pending.analyze.length > 0) await tx.execute(sql.raw(`ANALYZE ${pending.analyze.map((t) => `"${t}"`).join(', ')}`));
        await tx.execute(sql`DELETE FROM app_state WHERE key = ${key}`);
        return true;
      }
      // Building a trigram index of 260,000 terms fits in memory with this; the default spills to disk.
      await tx.execute(sql`SELECT set_config('maintenance_work_mem', '256MB', true)`);
      await createIndexes(tx, [next]);
      built++;
      await deferIndexes(tx, key, { ...pending, indexes: rest });
      return false;
    });
    if (done) return built;
  }
}
