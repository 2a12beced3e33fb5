import type { Plan } from '@wink/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { plans, type PlanRow } from '../../../db/schema/index';
import { changePlan } from '../billing/subscription-lifecycle';

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
  /** Active plans, cheapest first (docs/product.md, "Dialogs"). */
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
 * Puts a person on a plan (or none) by hand: the CLI's `user:set-plan` and the demo seed. The
 * subscription lifecycle (billing) is the one place that changes plans; this forwards to it.
 */
export async function setPlanManually(tx: DbOrTx, userId: number, plan: PlanRow | null): Promise<void> {
  await changePlan(tx, userId, plan);
}
