import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sid: text('sid').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    avatarColor: text('avatar_color').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    banned: boolean('banned').notNull().default(false),
    /** The plan in force, kept in step with `subscriptions` by the subscription service in the same transaction. */
    subscription: text('subscription', { enum: ['reader_subscription', 'leader_subscription'] }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    webNotifications: boolean('web_notifications').notNull().default(false),
    pushNotifications: boolean('push_notifications').notNull().default(false),
    /** The notification grid's cells turned off, as `kind.channel` (contracts/notification-grid.ts); every other cell is on. */
    mutedNotifications: text('muted_notifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    newsletterSubscription: boolean('newsletter_subscription').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_sid_unique').on(t.sid),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
