import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { discussions, userBlocks, userFollows, users } from '../../../db/schema/index';
import { invalid } from '../../../lib/errors';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';
import { notBlockedEitherWay } from '../blocks/blocks-repository';
import { discussionVisibleTo } from '../discussions/discussion-access';

const summaryColumns = { sid: users.sid, name: users.name, displayName: users.displayName, avatarColor: users.avatarColor };

/** A name-ordered page position: the lowered display name and the sid that breaks ties. */
export interface NamePosition {
  name: string;
  sid: string;
}

export function encodeNameCursor(position: NamePosition): string {
  return Buffer.from(JSON.stringify(['n', position.name, position.sid])).toString('base64url');
}

/** The position, or 422 on `cursor` for anything this server did not hand out (same sentence as the time cursors). */
export function decodeNameCursor(cursor: string | undefined): NamePosition | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === 'n') {
      const [, name, sid] = parsed as unknown[];
      const ok = (v: unknown) => typeof v === 'string' && v.length <= 200 && !v.includes('\u0000');
      if (ok(name) && ok(sid)) return { name: name as string, sid: sid as string };
    }
  } catch {
    // falls through to the same answer as any other cursor we did not write
  }
  throw invalid('cursor', 'The cursor is invalid.');
}

/** `%` and `_` are wildcards in LIKE; a person typing them means the characters themselves. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sortName = sql<string>`lower(${users.displayName})`;

export const peopleRepository = {
  /** The counts and my marks on a profile, in one statement. */
  async profileFacts(db: DbOrTx, viewerId: number, personId: number) {
    const [row] = await db
      .select({
        discussionsCount: sql<number>`(SELECT count(*)::int FROM ${discussions} WHERE ${discussions.ownerId} = ${personId} AND ${discussionVisibleTo(viewerId)})`,
        followersCount: sql<number>`(SELECT count(*)::int FROM ${userFollows} WHERE ${userFollows.followedId} = ${personId})`,
        followingsCount: sql<number>`(SELECT count(*)::int FROM ${userFollows} WHERE ${userFollows.followerId} = ${personId})`,
        followed: sql<boolean>`EXISTS (SELECT 1 FROM ${userFollows} WHERE ${userFollows.followerId} = ${viewerId} AND ${userFollows.followedId} = ${personId})`,
        blocked: sql<boolean>`EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${viewerId} AND ${userBlocks.blockedId} = ${personId})`,
      })
      .from(sql`(SELECT 1) AS one`);
    return {
      discussionsCount: Number(row?.discussionsCount ?? 0),
      followersCount: Number(row?.followersCount ?? 0),
      followingsCount: Number(row?.followingsCount ?? 0),
      followed: Boolean(row?.followed),
      blocked: Boolean(row?.blocked),
    };
  },

  /** True when the follow row is new (so only a first follow is announced). */
  async follow(db: DbOrTx, followerId: number, followedId: number): Promise<boolean> {
    const rows = await db
      .insert(userFollows)
      .values({ followerId, followedId })
      .onConflictDoNothing()
      .returning({ id: userFollows.followerId });
    return rows.length === 1;
  },

  async unfollow(db: DbOrTx, followerId: number, followedId: number): Promise<void> {
    await db.delete(userFollows).where(and(eq(userFollows.followerId, followerId), eq(userFollows.followedId, followedId)));
  },

  async followersCount(db: DbOrTx, personId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(userFollows).where(eq(userFollows.followedId, personId));
    return row?.n ?? 0;
  },

  /** Whom a person follows, newest follow first, minus anyone in a block with the viewer. */
  async listFollowings(db: DbOrTx, viewerId: number, personId: number, position: Position | null, size: number) {
    const rows = await db
      .select({
        ...summaryColumns,
        followedAt: userFollows.createdAt,
        // Whether the viewer follows each of them too: the list's buttons need it, in the same statement.
        followedByViewer: sql<boolean>`EXISTS (SELECT 1 FROM ${userFollows} AS mine WHERE mine.follower_id = ${viewerId} AND mine.followed_id = ${users.id})`,
        cursorAt: cursorTime(userFollows.createdAt),
      })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followedId))
      .where(and(followingsOf(viewerId, personId), olderThan(userFollows.createdAt, users.sid, position)))
      .orderBy(desc(userFollows.createdAt), desc(users.sid))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.sid);
  },

  async countFollowings(db: DbOrTx, viewerId: number, personId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followedId))
      .where(followingsOf(viewerId, personId));
    return row?.n ?? 0;
  },

  /** People whose name or display name contains `q` (case-insensitive), by display name then sid. */
  async search(db: DbOrTx, viewerId: number, q: string, position: NamePosition | null, size: number) {
    const after = position ? sql`(${sortName}, ${users.sid}) > (${position.name}::text, ${position.sid}::text)` : undefined;
    const rows = await db
      .select({ ...summaryColumns, sortName })
      .from(users)
      .where(and(searchable(viewerId, q), after))
      .orderBy(asc(sortName), asc(users.sid))
      .limit(size + 1);
    if (rows.length <= size) return { rows, nextCursor: null };
    const shown = rows.slice(0, size);
    const last = shown[shown.length - 1]!;
    return { rows: shown, nextCursor: encodeNameCursor({ name: last.sortName, sid: last.sid }) };
  },

  async countSearch(db: DbOrTx, viewerId: number, q: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(users).where(searchable(viewerId, q));
    return row?.n ?? 0;
  },
};

const followingsOf = (viewerId: number, personId: number) =>
  and(eq(userFollows.followerId, personId), notBlockedEitherWay(viewerId, users.id));

/** Never myself, never a banned account, never anyone in a block with me. */
const searchable = (viewerId: number, q: string) => {
  const pattern = likePattern(q);
  return and(
    or(sql`${users.name} ILIKE ${pattern}`, sql`${users.displayName} ILIKE ${pattern}`),
    ne(users.id, viewerId),
    eq(users.banned, false),
    notBlockedEitherWay(viewerId, users.id),
  );
};
