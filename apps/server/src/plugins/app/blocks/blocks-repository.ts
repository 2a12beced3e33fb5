import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { userBlocks, users } from '../../../db/schema/index';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';

export const blocksRepository = {
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
