import type { PlanType } from '@wink/contracts';
import type { DbOrTx } from '../../../db/client';
import { userChanged } from '../../../lib/user-changes';
import type { PlanRow } from '../../../db/schema/index';
import { billingRepository, type Provider, type SubscriptionRow } from './billing-repository';

/**
 * The subscription lifecycle: the one place that changes what plan a person holds.
 *
 * - A purchase or an upgrade takes effect at once.
 * - A downgrade waits for the end of the period already paid for (`pending_plan_id`), and a
 *   cancellation too (`cancel_at_period_end`); `sweepPeriodEnds` applies both when the period is over.
 * - A failed payment marks the subscription `past_due`: the plan stays while the provider retries the card.
 * - `users.subscription` (what the permission gate reads) is recomputed from the subscriptions in
 *   force in the same transaction as every change.
 *
 * Every function takes the caller's transaction; callers tell the sign-in cache after their commit
 * (`userChanged`), except `changePlan`, which does it itself like the manual path it replaces.
 */

/** The providers that bill (and send webhooks); `manual` plans are set by hand. */
type BillingProvider = Exclude<Provider, 'manual'>;

const RANK: Record<PlanType, number> = { reader_subscription: 1, leader_subscription: 2 };

/**
 * Puts a person on a plan at once, or takes their plan away (`plan` null): the admin console's
 * "change plan", the CLI's `user:set-plan` and the demo seed. Whatever was in force ends now and a
 * `manual` subscription (no period, no provider) replaces it. Returns the plan type now held.
 *
 * A Stripe subscription ended here stops granting the plan, but Stripe keeps billing it until it is
 * cancelled in Stripe (its later `customer.subscription.deleted` then changes nothing).
 */
export async function changePlan(tx: DbOrTx, userId: number, plan: PlanRow | null): Promise<PlanType | null> {
  for (const row of await billingRepository.inForce(tx, userId)) {
    await billingRepository.update(tx, row.id, { status: 'ended', pendingPlanId: null });
  }
  if (plan) await billingRepository.insert(tx, { userId, planId: plan.id, status: 'active', provider: 'manual' });
  const type = await billingRepository.syncUserPlan(tx, userId);
  userChanged(userId);
  return type;
}

export interface Purchase {
  userId: number;
  plan: PlanRow;
  provider: BillingProvider;
  providerSubscriptionId: string;
  currentPeriodEnd: Date | null;
}

/** What a purchase did: a new subscription, a plan changed at once, or a downgrade waiting for the period's end. */
export type PurchaseOutcome = 'activated' | 'changed' | 'scheduled' | 'unchanged';

/** A checkout went through: the plan is granted (or, for a downgrade of a running subscription, scheduled). */
export async function applyPurchase(tx: DbOrTx, purchase: Purchase, now = new Date()): Promise<PurchaseOutcome> {
  const current = await billingRepository.inForce(tx, purchase.userId);
  // The test checkout changes the plan of the running test subscription, as Stripe's portal would;
  // a Stripe checkout with the same subscription id is the same purchase seen again.
  const same = current.find(
    (row) =>
      row.provider === purchase.provider &&
      (row.providerSubscriptionId === purchase.providerSubscriptionId || purchase.provider === 'test'),
  );
  if (same) {
    const outcome = await changeRunningPlan(tx, same, purchase.plan, now);
    if (same.cancelAtPeriodEnd) await billingRepository.update(tx, same.id, { cancelAtPeriodEnd: false });
    await billingRepository.syncUserPlan(tx, purchase.userId);
    return outcome;
  }
  for (const row of current) await billingRepository.update(tx, row.id, { status: 'ended', pendingPlanId: null });
  await billingRepository.insert(tx, {
    userId: purchase.userId,
    planId: purchase.plan.id,
    status: 'active',
    provider: purchase.provider,
    providerSubscriptionId: purchase.providerSubscriptionId,
    currentPeriodEnd: purchase.currentPeriodEnd,
  });
  await billingRepository.syncUserPlan(tx, purchase.userId);
  return 'activated';
}

export interface ProviderState {
  /** The plan the provider now bills, when it could be told. */
  plan?: PlanRow;
  status: 'active' | 'past_due' | 'ended' | 'unknown';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/**
 * The provider says how a subscription stands now (`customer.subscription.updated`). Returns the
 * person whose plan may have changed, or null when the subscription is not ours or already over.
 */
export function applyProviderState(
  tx: DbOrTx,
  provider: BillingProvider,
  providerSubscriptionId: string,
  state: ProviderState,
  now = new Date(),
): Promise<number | null> {
  return changeInForce(tx, provider, providerSubscriptionId, async (row) => {
    // A renewal arrives after the old period ended: a downgrade waiting for that end applies first.
    const settled = await settlePendingChange(tx, row, now);
    if (state.status === 'ended') {
      await billingRepository.update(tx, row.id, { status: 'canceled', pendingPlanId: null, cancelAtPeriodEnd: false });
    } else {
      const withPeriod = { ...settled, currentPeriodEnd: state.currentPeriodEnd ?? settled.currentPeriodEnd };
      if (state.plan) await changeRunningPlan(tx, withPeriod, state.plan, now);
      await billingRepository.update(tx, row.id, {
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        currentPeriodEnd: withPeriod.currentPeriodEnd,
        ...(state.status === 'unknown' ? {} : { status: state.status }),
      });
    }
    await billingRepository.syncUserPlan(tx, row.userId);
  });
}

/** The provider ended the subscription (`customer.subscription.deleted`): the plan goes now. */
export function endSubscription(tx: DbOrTx, provider: BillingProvider, providerSubscriptionId: string): Promise<number | null> {
  return changeInForce(tx, provider, providerSubscriptionId, async (row) => {
    await billingRepository.update(tx, row.id, { status: 'canceled', pendingPlanId: null, cancelAtPeriodEnd: false });
    await billingRepository.syncUserPlan(tx, row.userId);
  });
}

/** A renewal payment failed (`invoice.payment_failed`): past due, plan kept while the card is retried. */
export function markPastDue(tx: DbOrTx, provider: BillingProvider, providerSubscriptionId: string): Promise<number | null> {
  return changeInForce(tx, provider, providerSubscriptionId, (row) => billingRepository.update(tx, row.id, { status: 'past_due' }));
}

/**
 * Periods that are over: cancellations end, downgrades apply, and test subscriptions renew for
 * another interval (nothing bills them; Stripe renews its own and says so by webhook).
 * Returns the people whose plan may have changed.
 */
export async function sweepPeriodEnds(tx: DbOrTx, plansById: Map<string, PlanRow>, now = new Date(), limit = 100): Promise<number[]> {
  const touched: number[] = [];
  for (const row of await billingRepository.duePeriodEnds(tx, now, limit)) {
    if (row.cancelAtPeriodEnd) {
      await billingRepository.update(tx, row.id, { status: 'canceled', pendingPlanId: null, cancelAtPeriodEnd: false });
    } else {
      const settled = await settlePendingChange(tx, row, now);
      if (row.provider === 'test') {
        const interval = plansById.get(settled.planId)?.interval ?? null;
        await billingRepository.update(tx, row.id, { currentPeriodEnd: nextPeriodEnd(interval, row.currentPeriodEnd ?? now, now) });
      }
    }
    await billingRepository.syncUserPlan(tx, row.userId);
    touched.push(row.userId);
  }
  return touched;
}

/** The end of a period of `interval` that starts at `from`, moved past `now` (a renewal long overdue skips whole periods). */
export function nextPeriodEnd(interval: string | null, from: Date, now = new Date()): Date | null {
  if (!interval) return null;
  let end = addInterval(from, interval);
  if (!end) return null;
  while (end.getTime() <= now.getTime()) end = addInterval(end, interval)!;
  return end;
}

function addInterval(from: Date, interval: string): Date | null {
  const d = new Date(from);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + 1);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else return null;
  // 31 January plus a month is the last day of February (as Stripe bills), not 3 March.
  if ((interval === 'month' || interval === 'year') && d.getUTCDate() !== from.getUTCDate()) d.setUTCDate(0);
  return d;
}

const isInForce = (row: SubscriptionRow) => row.status === 'active' || row.status === 'past_due';

/**
 * A provider's word about one of its subscriptions (a webhook) changes it only while it is ours and in
 * force; any other changes nothing. Returns the person whose plan may have changed, or null.
 */
async function changeInForce(
  tx: DbOrTx,
  provider: BillingProvider,
  providerSubscriptionId: string,
  change: (row: SubscriptionRow) => Promise<unknown>,
): Promise<number | null> {
  const row = await billingRepository.byProviderId(tx, provider, providerSubscriptionId);
  if (!row || !isInForce(row)) return null;
  await change(row);
  return row.userId;
}

/** Upgrades (and moves between plans of one type) now; downgrades at the end of a running period. */
async function changeRunningPlan(tx: DbOrTx, row: SubscriptionRow, plan: PlanRow, now: Date): Promise<PurchaseOutcome> {
  if (plan.id === row.planId) {
    if (row.pendingPlanId) await billingRepository.update(tx, row.id, { pendingPlanId: null });
    return 'unchanged';
  }
  const currentType = await planType(tx, row.planId);
  const downgrade = currentType !== null && RANK[plan.type] < RANK[currentType];
  if (downgrade && row.currentPeriodEnd && row.currentPeriodEnd > now) {
    await billingRepository.update(tx, row.id, { pendingPlanId: plan.id });
    return 'scheduled';
  }
  await billingRepository.update(tx, row.id, { planId: plan.id, pendingPlanId: null });
  return 'changed';
}

async function settlePendingChange(tx: DbOrTx, row: SubscriptionRow, now: Date): Promise<SubscriptionRow> {
  if (!row.pendingPlanId || !row.currentPeriodEnd || row.currentPeriodEnd > now) return row;
  await billingRepository.update(tx, row.id, { planId: row.pendingPlanId, pendingPlanId: null });
  return { ...row, planId: row.pendingPlanId, pendingPlanId: null };
}

async function planType(tx: DbOrTx, planId: string): Promise<PlanType | null> {
  return (await billingRepository.planById(tx, planId))?.type ?? null;
}
