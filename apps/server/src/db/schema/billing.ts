import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdNow, personId } from './columns';

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['reader_subscription', 'leader_subscription'] }).notNull(),
  active: boolean('active').notNull().default(true),
  description: text('description').notNull().default(''),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  unitAmount: integer('unit_amount').notNull(),
  interval: text('interval'),
  stripePriceId: text('stripe_price_id'),
  createdAt: createdNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A plan as stored; billing and the plans list both read it. */
export type PlanRow = typeof plans.$inferSelect;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: personId('user_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['active', 'past_due', 'canceled', 'ended'] }).notNull(),
    provider: text('provider', { enum: ['manual', 'test', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the period's end (upgrades apply at once). */
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    createdAt: createdNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.userId),
    // Webhooks find the row by the provider's subscription id.
    index('subscriptions_provider_subscription_idx').on(t.provider, t.providerSubscriptionId),
  ],
);
