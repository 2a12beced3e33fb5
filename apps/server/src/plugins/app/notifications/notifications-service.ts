import { isUuid } from '@wink/contracts';
import type { Notification, NotificationsResponse } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { notFound } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE } from '../../../lib/pagination';
import { notificationsRepository, type NotificationWithActor } from './notifications-repository';

export function toNotificationResource(row: NotificationWithActor): Notification {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    actor:
      row.actorSid === null
        ? null
        : {
            sid: row.actorSid,
            name: row.actorName ?? '',
            display_name: row.actorDisplayName ?? '',
            avatar_color: row.actorAvatarColor ?? '',
          },
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * What a person reads of their notifications. Writing them belongs to the features that cause them;
 * a notification is only ever visible to the person it was written for (anyone else gets 404).
 */
export class NotificationsService {
  constructor(private db: Db) {}

  async list(user: UserRow, cursor: string | undefined): Promise<NotificationsResponse> {
    const position = decodeCursor(cursor, isUuid);
    const [page, total] = await Promise.all([
      notificationsRepository.list(this.db, user.id, position, PAGE_SIZE),
      notificationsRepository.count(this.db, user.id),
    ]);
    return { data: page.rows.map(toNotificationResource), meta: { next_cursor: page.nextCursor, total } };
  }

  unreadCount(user: UserRow): Promise<number> {
    return notificationsRepository.countUnread(this.db, user.id);
  }

  async markRead(user: UserRow, id: string): Promise<Notification> {
    // A malformed id names no notification; PostgreSQL would refuse to compare it with a uuid.
    if (!isUuid(id) || !(await notificationsRepository.markRead(this.db, user.id, id))) throw notFound('The notification');
    const row = await notificationsRepository.find(this.db, user.id, id);
    if (!row) throw notFound('The notification');
    return toNotificationResource(row);
  }

  markAllRead(user: UserRow): Promise<void> {
    return notificationsRepository.markAllRead(this.db, user.id);
  }
}
