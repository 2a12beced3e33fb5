import type { Plan } from '@wink/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { plans, subscriptions, users } from '../../../db/schema/index';
import { userChanged } from '../../../lib/user-changes';

export type PlanRow = typeof plans.$inferSelect;

export function toPlanResource(row: PlanRow, appUrl: string): Plan {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    active: row.active,
    description: row.description,
    features: row.features,
    checkout_url: `${appUrl}/api/subscription/checkout/${encodeURIComponent(row.id)}`,
    price: { unit_amount: row.unitAmount, interval: row.interval },
  };
}

export const plansRepository = {
  /** Active plans, cheapest first (the seed's plans list order). */
  listActive(db: DbOrTx): Promise<PlanRow[]> {
    return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.unitAmount), asc(plans.id));
  },
  async findById(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    return row;
  },
  async upsert(db: DbOrTx, values: typeof plans.$inferInsert): Promise<void> {
    const { id: _id, ...rest } = values;
    await db
      .insert(plans)
      .values(values)
      .onConflictDoUpdate({ target: plans.id, set: { ...rest, updatedAt: new Date() } });
  },
};

/**
 * Puts a person on a plan (or none) by hand: the CLI's `user:set-plan` and the demo seed.
 * The paid checkout (Stripe or the test checkout) will write through the same two tables.
 */
export async function setPlanManually(tx: DbOrTx, userId: number, plan: PlanRow | null): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'ended', updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
  if (plan) await tx.insert(subscriptions).values({ userId, planId: plan.id, status: 'active', provider: 'manual' });
  await tx
    .update(users)
    .set({ subscription: plan?.type ?? null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  userChanged(userId);
}
