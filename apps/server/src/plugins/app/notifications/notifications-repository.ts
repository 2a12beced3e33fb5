import type { NotificationData, NotificationType } from '@wink/contracts';
import { and, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { notificationCounts, notifications, userBlocks, users } from '../../../db/schema/index';
import { cursorTime, toPage, type Position } from '../../../lib/pagination';
import { preparedPerDatabase } from '../../../lib/prepared';

type Param = number | Placeholder;

/**
 * A blocked person's notifications disappear for the blocker (docs/data.md), including those from
 * before the block; unblocking brings them back. Checked on read, against user_blocks' primary key.
 */
const actorNotBlocked: SQL = sql`NOT EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${notifications.userId} AND ${userBlocks.blockedId} = ${notifications.actorId})`;

/** A row kept for delivery alone (its kind's in-app cell is off) is never listed nor counted. */
const visibleTo = (userId: Param) => and(eq(notifications.userId, userId), eq(notifications.inApp, true), actorNotBlocked);

/** Someone's listed notifications caused by the people they blocked (what the counters must leave out). */
const fromBlocked = (userId: Param): SQL =>
  sql`${notifications.userId} = ${userId} AND ${notifications.inApp} AND ${notifications.actorId} IN (SELECT ${userBlocks.blockedId} FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${userId})`;

/** A notification's columns with its actor's public fields, as every reader of notifications selects them. */
export const withActor = {
  id: notifications.id,
  type: notifications.type,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorSid: users.sid,
  actorName: users.name,
  actorDisplayName: users.displayName,
  actorAvatarColor: users.avatarColor,
};

/** A notification row with its actor's public fields (null when there is no actor, or no longer one). */
export interface NotificationWithActor {
  id: string;
  type: NotificationType;
  data: NotificationData;
  readAt: Date | null;
  createdAt: Date;
  actorSid: string | null;
  actorName: string | null;
  actorDisplayName: string | null;
  actorAvatarColor: string | null;
}

/**
 * The list and both counts are read on every page of the app: prepared, so PostgreSQL plans them once
 * per connection (planning cost several times the 0.2 ms the page itself takes).
 */
const user = sql.placeholder('user');

function pageQuery(db: DbOrTx, after: SQL | undefined) {
  return db
    .select({ ...withActor, cursorAt: cursorTime(notifications.createdAt) })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(visibleTo(user), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'));
}

const preparedFirstPage = preparedPerDatabase((db) => pageQuery(db, undefined).prepare('notifications_first_page'));
const preparedPageAfter = preparedPerDatabase((db) =>
  pageQuery(
    db,
    sql`(${notifications.createdAt}, ${notifications.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('key')}::uuid)`,
  ).prepare('notifications_page_after'),
);

const countQuery = (db: DbOrTx, counter: SQL, blocked: SQL) =>
  db
    .select({
      n: sql<number>`coalesce((SELECT ${counter} FROM ${notificationCounts} WHERE ${notificationCounts.userId} = ${user}), 0)
        - (SELECT count(*) FROM ${notifications} WHERE ${blocked})`.mapWith(Number),
    })
    .from(sql`(SELECT 1) AS one`);

const unreadQuery = (db: DbOrTx) =>
  countQuery(db, sql`${notificationCounts.unread}`, sql`${fromBlocked(user)} AND ${isNull(notifications.readAt)}`);
const preparedTotal = preparedPerDatabase((db) =>
  countQuery(db, sql`${notificationCounts.total}`, fromBlocked(user)).prepare('notifications_total'),
);
const preparedUnread = preparedPerDatabase((db) => unreadQuery(db).prepare('notifications_unread'));

export const notificationsRepository = {
  /** One page of someone's notifications, newest first, with the actor joined in. */
  async list(db: DbOrTx, userId: number, position: Position | null, size: number) {
    const rows = position
      ? await preparedPageAfter(db).execute({ user: userId, at: position.at, key: position.key, limit: size + 1 })
      : await preparedFirstPage(db).execute({ user: userId, limit: size + 1 });
    return toPage(rows, size, (row) => row.id);
  },
  /**
   * The list's total: the kept counter (notification_counts, maintained by triggers) less what comes
   * from people the reader blocked, counted through the actor index. Counting 100,000 rows per page
   * would take longer than the page itself.
   */
  async count(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await preparedTotal(db).execute({ user: userId });
    return Math.max(0, row?.n ?? 0);
  },
  /** The badge's number, asked on every page: the kept counter less the blocked people's unread (partial unread index). */
  /** The badge's statement as text with its parameters (tests read its plan). */
  unreadCountSql(db: DbOrTx) {
    return unreadQuery(db).toSQL();
  },
  async countUnread(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await preparedUnread(db).execute({ user: userId });
    return Math.max(0, row?.n ?? 0);
  },
  async find(db: DbOrTx, userId: number, id: string): Promise<NotificationWithActor | undefined> {
    const [row] = await db
      .select(withActor)
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .limit(1);
    return row;
  },
  /** Marks one notification read; reading it again keeps the first time. False when it is not theirs. */
  async markRead(db: DbOrTx, userId: number, id: string): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },
  async markAllRead(db: DbOrTx, userId: number): Promise<void> {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
  },
};
