import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { userBlocks, users } from '../../../db/schema/index';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';

/** Who the viewer is in a block with, either way: the set the conditions below test against. */
export type Viewer = number | SQL | Placeholder;

const blockedPeopleOf = (viewerId: Viewer): SQL =>
  sql`SELECT ${userBlocks.blockedId} FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${viewerId} UNION ALL SELECT ${userBlocks.blockerId} FROM ${userBlocks} WHERE ${userBlocks.blockedId} = ${viewerId}`;

/**
 * True when the viewer and the person in `other` blocked each other in either direction. Blocks hide
 * both ways: neither sees the other's discussions or comments, and neither can reach the other.
 */
export const blockedEitherWay = (viewerId: Viewer, other: PgColumn | SQL): SQL => sql`${other} IN (${blockedPeopleOf(viewerId)})`;

/**
 * The negation, as PostgreSQL runs it fastest: `NOT IN` a set computed once per statement (a hashed
 * subplan) rather than a lookup per row. A missing person (an account gone, `other` null) hides nothing.
 */
export const notBlockedEitherWay = (viewerId: Viewer, other: PgColumn | SQL): SQL =>
  sql`(${other} IS NULL OR ${other} NOT IN (${blockedPeopleOf(viewerId)}))`;

export const blocksRepository = {
  async eitherWay(db: DbOrTx, a: number, b: number): Promise<boolean> {
    const [row] = await db.select({ blocked: blockedEitherWay(a, sql`${b}::bigint`) }).from(sql`(SELECT 1) AS one`);
    return Boolean(row?.blocked);
  },
  /** Blocking twice keeps the first block's date: the list's order should not jump. */
  async block(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
    await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  },
  async unblock(db: DbOrTx, blockerId: number, blockedId: number): Promise<void> {
    await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  },
  /** Whether `blockerId` blocked `blockedId` (one direction; the effects ask both ways where they need to). */
  async isBlocked(db: DbOrTx, blockerId: number, blockedId: number): Promise<boolean> {
    const [row] = await db
      .select({ one: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      .limit(1);
    return Boolean(row);
  },
  /** The people someone blocked, newest block first, one page after `position`. */
  async listBlocked(db: DbOrTx, blockerId: number, position: Position | null, size: number) {
    const rows = await db
      .select({
        sid: users.sid,
        name: users.name,
        displayName: users.displayName,
        avatarColor: users.avatarColor,
        blockedAt: userBlocks.createdAt,
        cursorAt: cursorTime(userBlocks.createdAt),
      })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(and(eq(userBlocks.blockerId, blockerId), olderThan(userBlocks.createdAt, users.sid, position)))
      .orderBy(desc(userBlocks.createdAt), desc(users.sid))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.sid);
  },
  async countBlocked(db: DbOrTx, blockerId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
    return row?.n ?? 0;
  },
};
