import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { discussionAccessRequests, discussionMembers, discussions, users } from '../../../db/schema/index';
import { cursorTime, newerThan, toPage, type Position } from '../../../lib/pagination';
import { notBlockedEitherWay } from '../blocks/blocks-repository';

const personColumns = { sid: users.sid, name: users.name, displayName: users.displayName, avatarColor: users.avatarColor };

export type AccessRequestRow = typeof discussionAccessRequests.$inferSelect;

/** Members and access requests. Every change to who is a member moves `members_count` in the same transaction. */
export const membersRepository = {
  /** The owner first, then members in the order they joined (oldest first). */
  async list(db: DbOrTx, discussionId: string, position: Position | null, size: number) {
    // A cursor always points past the owner: they are the first row of the first page.
    const after = position
      ? and(sql`${discussionMembers.role} <> 'owner'`, newerThan(discussionMembers.createdAt, users.sid, position))
      : undefined;
    const rows = await db
      .select({
        user: personColumns,
        role: discussionMembers.role,
        joinedAt: discussionMembers.createdAt,
        cursorAt: cursorTime(discussionMembers.createdAt),
      })
      .from(discussionMembers)
      .innerJoin(users, eq(users.id, discussionMembers.userId))
      .where(and(eq(discussionMembers.discussionId, discussionId), after))
      .orderBy(sql`${discussionMembers.role} = 'owner' DESC`, asc(discussionMembers.createdAt), asc(users.sid))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.user.sid);
  },

  /** Adds a member unless they are one: their join date when a row was added (and the counter moved), else null. */
  async add(db: DbOrTx, discussionId: string, userId: number): Promise<{ joinedAt: Date } | null> {
    const [row] = await db.insert(discussionMembers).values({ discussionId, userId, role: 'member' }).onConflictDoNothing().returning();
    if (!row) return null;
    await membersRepository.bumpMembers(db, discussionId, 1);
    return { joinedAt: row.createdAt };
  },

  /** Removes a member (never the owner's row); true when there was one to remove. */
  async remove(db: DbOrTx, discussionId: string, userId: number): Promise<boolean> {
    const removed = await db
      .delete(discussionMembers)
      .where(
        and(eq(discussionMembers.discussionId, discussionId), eq(discussionMembers.userId, userId), eq(discussionMembers.role, 'member')),
      )
      .returning();
    if (removed.length) await membersRepository.bumpMembers(db, discussionId, -1);
    return removed.length > 0;
  },

  async bumpMembers(db: DbOrTx, discussionId: string, by: 1 | -1): Promise<void> {
    await db
      .update(discussions)
      .set({ membersCount: sql`${discussions.membersCount} + ${by}` })
      .where(eq(discussions.id, discussionId));
  },

  /** The request row of one person for one discussion, if they ever asked. */
  async createRequest(db: DbOrTx, values: { id: string; discussionId: string; userId: number }): Promise<AccessRequestRow | undefined> {
    const [row] = await db.insert(discussionAccessRequests).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Locked for the decision, so two owners' tabs accepting at once add the member once. */
  async findRequestForUpdate(db: DbOrTx, discussionId: string, requestId: string, ownerId: number): Promise<AccessRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(discussionAccessRequests)
      .where(
        and(
          eq(discussionAccessRequests.id, requestId),
          eq(discussionAccessRequests.discussionId, discussionId),
          notBlockedEitherWay(ownerId, discussionAccessRequests.userId),
        ),
      )
      .for('update');
    return row;
  },

  async decide(db: DbOrTx, requestId: string, status: 'accepted' | 'rejected'): Promise<AccessRequestRow> {
    const [row] = await db
      .update(discussionAccessRequests)
      .set({ status, decidedAt: new Date() })
      .where(eq(discussionAccessRequests.id, requestId))
      .returning();
    if (!row) throw new Error(`access request ${requestId} vanished while locked`);
    return row;
  },

  /** An invitation answers the person's open request too: it is no longer the owner's to decide. */
  async acceptPendingOf(db: DbOrTx, discussionId: string, userId: number): Promise<void> {
    await db
      .update(discussionAccessRequests)
      .set({ status: 'accepted', decidedAt: new Date() })
      .where(
        and(
          eq(discussionAccessRequests.discussionId, discussionId),
          eq(discussionAccessRequests.userId, userId),
          eq(discussionAccessRequests.status, 'pending'),
        ),
      );
  },

  /** Leaving clears the way back in (they may ask again); being removed answers any request with a no. */
  async forgetRequestOf(db: DbOrTx, discussionId: string, userId: number, how: 'delete' | 'reject'): Promise<void> {
    const mine = and(eq(discussionAccessRequests.discussionId, discussionId), eq(discussionAccessRequests.userId, userId));
    if (how === 'delete') await db.delete(discussionAccessRequests).where(mine);
    else await db.update(discussionAccessRequests).set({ status: 'rejected', decidedAt: new Date() }).where(mine);
  },

  /** The owner's queue: pending requests, oldest first, leaving out people in a block with the owner. */
  async listPending(db: DbOrTx, discussionId: string, ownerId: number, position: Position | null, size: number) {
    const rows = await db
      .select({ request: discussionAccessRequests, user: personColumns, cursorAt: cursorTime(discussionAccessRequests.createdAt) })
      .from(discussionAccessRequests)
      .innerJoin(users, eq(users.id, discussionAccessRequests.userId))
      .where(and(pendingFor(discussionId, ownerId), newerThan(discussionAccessRequests.createdAt, discussionAccessRequests.id, position)))
      .orderBy(asc(discussionAccessRequests.createdAt), asc(discussionAccessRequests.id))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.request.id);
  },

  async countPending(db: DbOrTx, discussionId: string, ownerId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(discussionAccessRequests).where(pendingFor(discussionId, ownerId));
    return row?.n ?? 0;
  },
};

const pendingFor = (discussionId: string, ownerId: number) =>
  and(
    eq(discussionAccessRequests.discussionId, discussionId),
    eq(discussionAccessRequests.status, 'pending'),
    notBlockedEitherWay(ownerId, discussionAccessRequests.userId),
  );
