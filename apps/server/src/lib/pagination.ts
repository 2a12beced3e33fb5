import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalid } from './errors';

/** Rows per page of every list unless a route says otherwise. */
export const PAGE_SIZE = 20;

/**
 * A keyset position: the sort timestamp as PostgreSQL prints it (microseconds, which a JS Date would
 * round away and so skip or repeat rows) and a unique tie-breaker.
 */
export interface Position {
  at: string;
  key: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The timestamp column in the cursor's format; select it beside the row to build the next cursor. */
export const cursorTime = (column: PgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.at, position.key])).toString('base64url');
}

/** The position a cursor names, or 422 on `cursor` for anything this server did not hand out. */
export function decodeCursor(cursor: string | undefined, isKey: (key: string) => boolean = () => true): Position | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, key] = parsed as unknown[];
      if (typeof at === 'string' && AT.test(at) && typeof key === 'string' && key.length <= 64 && isKey(key)) return { at, key };
    }
  } catch {
    // falls through to the same answer as any other cursor we did not write
  }
  throw invalid('cursor', 'The cursor is invalid.');
}

/** Newest first: rows strictly after `position` in (time desc, key desc) order. */
export function olderThan(
  time: PgColumn,
  key: PgColumn | SQL,
  position: Position | null,
  keyType: 'text' | 'uuid' = 'text',
): SQL | undefined {
  return pastPosition(sql`<`, time, key, position, keyType);
}

/** Oldest first (threads read top to bottom): rows strictly after `position` in (time asc, key asc) order. */
export function newerThan(
  time: PgColumn,
  key: PgColumn | SQL,
  position: Position | null,
  keyType: 'text' | 'uuid' = 'text',
): SQL | undefined {
  return pastPosition(sql`>`, time, key, position, keyType);
}

/** The row comparison both directions share; `op` is `<` for newest first and `>` for oldest first. */
function pastPosition(op: SQL, time: PgColumn, key: PgColumn | SQL, position: Position | null, keyType: 'text' | 'uuid'): SQL | undefined {
  if (!position) return undefined;
  const cast = keyType === 'uuid' ? sql`${position.key}::uuid` : sql`${position.key}::text`;
  return sql`(${time}, ${key}) ${op} (${position.at}::timestamptz, ${cast})`;
}

/** Cuts the one extra row a query fetched to learn whether another page exists. */
export function toPage<T extends { cursorAt: string }>(
  rows: T[],
  size: number,
  keyOf: (row: T) => string,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= size) return { rows, nextCursor: null };
  const shown = rows.slice(0, size);
  const last = shown[shown.length - 1]!;
  return { rows: shown, nextCursor: encodeCursor({ at: last.cursorAt, key: keyOf(last) }) };
}
