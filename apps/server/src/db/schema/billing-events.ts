import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { plans } from './billing';
import { createdNow, personId } from './columns';
import { users } from './users';

/**
 * Every payment-provider event already applied, by the provider's event id: a webhook delivered
 * twice (Stripe retries, or someone replays a captured request) finds its id here and changes nothing.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's customer for a person (Stripe's cus_…): the billing portal opens on it. */
export const billingCustomers = pgTable('billing_customers', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: createdNow(),
});

/**
 * A checkout someone started: who, which plan, and the page to return to. Its id is Stripe's
 * session id (cs_…) or, for the built-in test checkout, one of ours (cs_test_…).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    userId: personId('user_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Already checked to be a path on our own origin. */
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: ['open', 'complete'] })
      .notNull()
      .default('open'),
    createdAt: createdNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_id_idx').on(t.userId)],
);

/** The trial-ending reminder, at most one per person: the primary key is what makes it "exactly once". */
export const trialReminders = pgTable('trial_reminders', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
