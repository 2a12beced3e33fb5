import type { PlanType } from '@wink/contracts';
import { and, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { analyticsEvents, billingCustomers, billingEvents, checkoutSessions, plans, subscriptions, users } from '../../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type Provider = SubscriptionRow['provider'];

/** The statuses under which a subscription still grants its plan (past_due: the card is being retried). */
export const IN_FORCE = ['active', 'past_due'] as const;

export const billingRepository = {
  /** Records an event id; false when it was already there (a retry or a replay). */
  async claimEvent(tx: DbOrTx, id: string, provider: 'test' | 'stripe', type: string): Promise<boolean> {
    const rows = await tx.insert(billingEvents).values({ id, provider, type }).onConflictDoNothing().returning({ id: billingEvents.id });
    return rows.length > 0;
  },

  /** The person's subscriptions that grant a plan, newest first, locked for the change about to be made. */
  inForce(tx: DbOrTx, userId: number): Promise<SubscriptionRow[]> {
    return tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...IN_FORCE])))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .for('update');
  },

  /** The newest subscription in force, read without locking (pages and checks, not changes). */
  async latestInForce(db: DbOrTx, userId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...IN_FORCE])))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(1);
    return row;
  },

  async byProviderId(tx: DbOrTx, provider: Provider, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
      .orderBy(desc(subscriptions.id))
      .limit(1)
      .for('update');
    return row;
  },

  async insert(tx: DbOrTx, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
    const [row] = await tx.insert(subscriptions).values(values).returning();
    return row!;
  },

  async update(tx: DbOrTx, id: number, values: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
    await tx
      .update(subscriptions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(subscriptions.id, id));
  },

  /** The plan type the person holds now: the highest of their subscriptions in force. */
  async syncUserPlan(tx: DbOrTx, userId: number): Promise<PlanType | null> {
    const types = await tx
      .select({ type: plans.type })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...IN_FORCE])));
    const type = types.some((t) => t.type === 'leader_subscription')
      ? 'leader_subscription'
      : types.some((t) => t.type === 'reader_subscription')
        ? 'reader_subscription'
        : null;
    await tx.update(users).set({ subscription: type, updatedAt: new Date() }).where(eq(users.id, userId));
    return type;
  },

  /** Subscriptions whose period is over and that have something to do about it (see the lifecycle's sweep). */
  duePeriodEnds(tx: DbOrTx, now: Date, limit: number): Promise<SubscriptionRow[]> {
    return tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, [...IN_FORCE]),
          lte(subscriptions.currentPeriodEnd, now),
          or(eq(subscriptions.cancelAtPeriodEnd, true), isNotNull(subscriptions.pendingPlanId), eq(subscriptions.provider, 'test')),
        ),
      )
      .orderBy(subscriptions.currentPeriodEnd)
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** Every plan, retired ones too (a renewal needs the interval of whatever plan someone holds). */
  allPlans(tx: DbOrTx) {
    return tx.select().from(plans);
  },

  async planById(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(plans).where(eq(plans.id, id));
    return row;
  },

  async planByStripePrice(tx: DbOrTx, priceId: string) {
    const [row] = await tx.select().from(plans).where(eq(plans.stripePriceId, priceId)).limit(1);
    return row;
  },

  async userBySid(tx: DbOrTx, sid: string) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.sid, sid));
    return row;
  },

  async saveStripeCustomer(tx: DbOrTx, userId: number, customerId: string): Promise<void> {
    await tx
      .insert(billingCustomers)
      .values({ userId, stripeCustomerId: customerId })
      .onConflictDoUpdate({ target: billingCustomers.userId, set: { stripeCustomerId: customerId } });
  },

  async stripeCustomer(tx: DbOrTx, userId: number): Promise<string | undefined> {
    const [row] = await tx.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    return row?.stripeCustomerId;
  },

  async createCheckoutSession(tx: DbOrTx, values: typeof checkoutSessions.$inferInsert): Promise<void> {
    await tx.insert(checkoutSessions).values(values);
  },

  async checkoutSession(tx: DbOrTx, id: string): Promise<CheckoutSessionRow | undefined> {
    const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    return row;
  },

  /** Open -> complete, once: the caller that wins is the one that counts the purchase. */
  async completeCheckoutSession(tx: DbOrTx, id: string): Promise<boolean> {
    const rows = await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: new Date() })
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
      .returning({ id: checkoutSessions.id });
    return rows.length > 0;
  },

  /** "user subscribed" (docs/product.md), written by the server because only the server knows a payment went through. */
  async recordSubscribed(tx: DbOrTx, userId: number, properties: Record<string, string>): Promise<void> {
    await tx.insert(analyticsEvents).values({ userId, name: 'user_subscribed', properties, occurredAt: new Date() });
  },
};
