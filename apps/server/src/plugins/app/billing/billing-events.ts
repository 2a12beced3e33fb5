import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../../db/client';
import { userChanged } from '../../../lib/user-changes';
import type { PlanRow } from '../../../db/schema/index';
import { plansRepository } from '../plans/plans-repository';
import { billingRepository } from './billing-repository';
import {
  applyProviderState,
  applyPurchase,
  endSubscription,
  markPastDue,
  nextPeriodEnd,
  type ProviderState,
} from './subscription-lifecycle';

export type EventProvider = 'test' | 'stripe';

/**
 * A payment event in Stripe's shape. Stripe's come through the verified webhook; the built-in test
 * checkout and portal build the same shapes themselves, so both run the same code below.
 */
export interface BillingEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

/** Applies payment events: each once (by event id), each in one transaction with the changes it causes. */
export class BillingEvents {
  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
  ) {}

  async handle(provider: EventProvider, event: BillingEvent): Promise<EventOutcome> {
    const touched = new Set<number>();
    const outcome = await this.db.transaction(async (tx) => {
      if (!(await billingRepository.claimEvent(tx, event.id, provider, event.type))) return 'duplicate' as const;
      const userId = await this.dispatch(tx, provider, event);
      if (userId === undefined) return 'ignored' as const;
      if (userId !== null) touched.add(userId);
      return 'applied' as const;
    });
    // After the commit, so nobody re-reads the old plan into the sign-in cache in between.
    for (const id of touched) userChanged(id);
    if (outcome !== 'applied') this.log.info({ event: event.id, type: event.type, outcome }, 'billing event not applied');
    return outcome;
  }

  /** The person whose plan may have changed; null when nothing of ours matched; undefined for types we do not handle. */
  private async dispatch(tx: DbOrTx, provider: EventProvider, event: BillingEvent): Promise<number | null | undefined> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(tx, provider, event.data.object as Stripe.Checkout.Session);
      case 'customer.subscription.updated': {
        const sub = event.data.object as Stripe.Subscription;
        return applyProviderState(tx, provider, sub.id, await this.subscriptionState(tx, sub));
      }
      case 'customer.subscription.deleted':
        return endSubscription(tx, provider, (event.data.object as Stripe.Subscription).id);
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscription(event.data.object as Stripe.Invoice);
        return subscriptionId ? markPastDue(tx, provider, subscriptionId) : null;
      }
      default:
        return undefined;
    }
  }

  private async checkoutCompleted(tx: DbOrTx, provider: EventProvider, session: Stripe.Checkout.Session): Promise<number | null> {
    const subscriptionId = idOf(session.subscription);
    if (session.mode !== 'subscription' || session.status !== 'complete' || !subscriptionId) return null;
    // Our own record of the session says who and which plan; the session's metadata is the fallback
    // for a session whose record was lost (it is signed by Stripe all the same).
    const record = await billingRepository.checkoutSession(tx, session.id);
    const userId = record?.userId ?? (await this.userFromMetadata(tx, session.metadata));
    const plan = await plansRepository.findById(tx, record?.planId ?? session.metadata?.plan_id ?? '');
    if (!userId || !plan) return null;

    const customerId = idOf(session.customer);
    if (provider === 'stripe' && customerId) await billingRepository.saveStripeCustomer(tx, userId, customerId);
    const expanded = typeof session.subscription === 'object' ? session.subscription : null;
    const currentPeriodEnd = expanded ? periodEnd(expanded) : provider === 'test' ? nextPeriodEnd(plan.interval, new Date()) : null;
    const outcome = await applyPurchase(tx, { userId, plan, provider, providerSubscriptionId: subscriptionId, currentPeriodEnd });
    // The session is counted once, whether the webhook or the return from checkout got here first.
    const firstTime = record ? await billingRepository.completeCheckoutSession(tx, session.id) : outcome !== 'unchanged';
    if (firstTime) {
      await billingRepository.recordSubscribed(tx, userId, { plan_id: plan.id, plan_type: plan.type, provider, outcome });
    }
    return userId;
  }

  private async subscriptionState(tx: DbOrTx, sub: Stripe.Subscription): Promise<ProviderState> {
    const priceId = sub.items?.data?.[0]?.price?.id;
    let plan: PlanRow | undefined = priceId ? await billingRepository.planByStripePrice(tx, priceId) : undefined;
    plan ??= sub.metadata?.plan_id ? await plansRepository.findById(tx, sub.metadata.plan_id) : undefined;
    return { plan, status: statusOf(sub.status), cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end), currentPeriodEnd: periodEnd(sub) };
  }

  private async userFromMetadata(tx: DbOrTx, metadata: Stripe.Metadata | null): Promise<number | null> {
    const sid = metadata?.user_sid;
    return sid ? ((await billingRepository.userBySid(tx, sid))?.id ?? null) : null;
  }
}

/** Stripe's statuses in our three: still granting, granting while the card is retried, over. */
function statusOf(status: Stripe.Subscription.Status): ProviderState['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return 'ended';
    default:
      return 'unknown';
  }
}

/** Since API version 2025-03-31 the period lives on the items; older versions kept it on the subscription. */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return fromUnix(sub.items?.data?.[0]?.current_period_end ?? legacy);
}

/** Newer API versions name the subscription under `parent`; older ones on the invoice itself. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy);
}
