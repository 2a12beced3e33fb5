import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the job queue (pg-boss, in its own `pgboss` schema) has sent: one row per message or push, keyed
 * by the job that sends it. A job may run again (its process killed after sending, a handler slowed
 * past its timeout); the send is claimed here first, for a little longer than the handler may run,
 * so a second run finds it sent, or still being sent, and sends nothing.
 */
export const sentMessages = pgTable(
  'sent_messages',
  {
    key: text('key').primaryKey(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_messages_created_idx').on(t.createdAt)],
);

/** Small shared switches read by every server process (maintenance mode on PostgreSQL). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
