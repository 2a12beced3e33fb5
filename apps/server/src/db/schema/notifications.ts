import type { NotificationData, NotificationType } from '@wink/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per notification a person receives; the web app's badge counts the unread ones on every page. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** The person who caused it; the notification outlives their account. */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * False when the person turned the in-app cell of its kind off (notification grid) but another
     * channel on: the row exists for delivery alone, never listed nor counted, and is marked read once
     * delivered so later events do not collapse into it.
     */
    inApp: boolean('in_app').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, paged by (created_at, id).
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The unread count: only unread rows, and the actor so hiding blocked people needs no table read.
    index('notifications_unread_idx')
      .on(t.userId, t.actorId)
      .where(sql`read_at IS NULL AND in_app`),
    index('notifications_actor_id_idx').on(t.actorId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
