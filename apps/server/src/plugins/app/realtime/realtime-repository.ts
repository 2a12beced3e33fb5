import type { Notification } from '@wink/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { discussions, notifications, users } from '../../../db/schema/index';
import { notBlockedEitherWay } from '../blocks/blocks-repository';
import { toNotificationResource } from '../notifications/notifications-service';
import { mayRead, recipient } from '../notifications/notifier-repository';
import { withActor } from '../notifications/notifications-repository';

const bigints = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;

export const realtimeRepository = {
  /**
   * Of the people subscribed to a discussion, those who may read its content right now and are in no
   * block with the comment's author: the notifier's own rules, asked at delivery rather than at
   * subscription, so a member removed or a block made since then closes the tap at once.
   */
  async readersAmong(db: Db, discussionId: string, authorId: number, userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const result = (await db.execute(sql`
      SELECT DISTINCT ${recipient} AS user_id
      FROM unnest(${bigints(userIds)}) AS candidate(user_id), ${discussions}
      WHERE ${discussions.id} = ${discussionId}::text
        AND ${mayRead('content')}
        AND ${notBlockedEitherWay(authorId, recipient)}`)) as unknown as { rows: { user_id: string | number }[] };
    return new Set(result.rows.map((row) => Number(row.user_id)));
  },

  /** Notifications just written, as their recipients list them (those shown in the app), each with its recipient's unread count after it. */
  async withUnreadCounts(db: Db, ids: string[]): Promise<{ userId: number; notification: Notification; unreadCount: number }[]> {
    if (!ids.length) return [];
    // The badge's rule (notifications-repository): unread, and not from someone the recipient blocked.
    const unread = sql<number>`(SELECT count(*)::int FROM ${notifications} AS mine
      WHERE mine.user_id = ${notifications.userId} AND mine.read_at IS NULL AND mine.in_app
        AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = mine.user_id AND b.blocked_id = mine.actor_id))`;
    const rows = await db
      .select({ ...withActor, userId: notifications.userId, unread })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      // A row kept for delivery alone (in-app cell off) is not announced in the app either.
      .where(and(inArray(notifications.id, ids), eq(notifications.inApp, true)));
    return rows.map((row) => ({ userId: row.userId, notification: toNotificationResource(row), unreadCount: Number(row.unread) }));
  },
};
