import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Background jobs (mail, push, digests): one table, polled with FOR UPDATE SKIP LOCKED on both databases. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_pending_idx')
      .on(t.runAt)
      .where(sql`completed_at IS NULL AND failed_at IS NULL`),
  ],
);

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
