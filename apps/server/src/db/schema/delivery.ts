import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A browser's push subscription (Push API): where to send, and the keys that encrypt for it. */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('web_push_subscriptions_endpoint_unique').on(t.endpoint), index('web_push_subscriptions_user_id_idx').on(t.userId)],
);

/**
 * The delivery ledger: one row per (event, channel) once that channel's work was queued. Inserting it
 * in the same transaction as the channel's jobs is what makes a re-run delivery job a no-op. An e-mail
 * folded into a digest keeps what it said in `summary` until the digest goes out (`digested_at`).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    channel: text('channel', { enum: ['email', 'web', 'android'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail throttle's thread (a discussion, or the person's followers) this event belongs to. */
    threadKey: text('thread_key'),
    status: text('status', { enum: ['queued', 'folded', 'digested'] }).notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.channel] }),
    // What the next digest of one thread holds.
    index('notification_deliveries_folded_idx')
      .on(t.userId, t.threadKey, t.createdAt)
      .where(sql`status = 'folded'`),
  ],
);

/** At most one notification e-mail per thread per recipient per window; the rest wait for a digest. */
export const mailThrottles = pgTable(
  'mail_throttles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadKey: text('thread_key').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** When the pending digest is due; null while none is pending. */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadKey] })],
);

export type WebPushSubscriptionRow = typeof webPushSubscriptions.$inferSelect;

/**
 * How many notifications each person has, and how many unread: kept by statement-level triggers on
 * `notifications` (migration 0013), so the list's total and the badge never count 100,000 rows.
 * Notifications from people the reader blocked are subtracted when read (they are few, and indexed).
 */
export const notificationCounts = pgTable('notification_counts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  unread: integer('unread').notNull().default(0),
});
