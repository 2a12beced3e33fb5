import type { DbOrTx } from '../../../db/client';
import type { PlanRow } from '../../../db/schema/index';
import { setPlanManually } from '../plans/plans-repository';

/**
 * How the console puts a person on a plan (or none): a `manual` subscription, written the way the demo
 * seed and `user:set-plan` write one. Stands in until billing owns the one function that changes a
 * person's plan; then this forwards to it.
 */
export function assignPlan(tx: DbOrTx, userId: number, plan: PlanRow | null): Promise<void> {
  return setPlanManually(tx, userId, plan);
}
