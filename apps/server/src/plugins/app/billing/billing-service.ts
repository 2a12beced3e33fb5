import type { SubscriptionState } from '@wink/contracts';
import { isOnTrial } from '@wink/contracts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { userChanged } from '../../../lib/user-changes';
import type { Mailer } from '../mail/mailer';
import type { PlanRow } from '../../../db/schema/index';
import { plansRepository, toPlanResource } from '../plans/plans-repository';
import { billingRepository } from './billing-repository';
import { BillingEvents } from './billing-events';
import { CheckoutService } from './checkout-service';
import { stripeClientFor } from './stripe-client';
import { changePlan, sweepPeriodEnds } from './subscription-lifecycle';
import { cellOn } from '../notifications/grid-cells';
import { sendTrialReminders, trialReminderFor } from './trial-reminders';

/** Subscriptions as the rest of the app sees them (`app.billing`): buying, events, the state, the sweeps. */
export class BillingService {
  readonly events: BillingEvents;
  readonly checkout: CheckoutService;

  constructor(
    private db: Db,
    private config: Config,
    private mailer: Mailer,
    private log: FastifyBaseLogger,
  ) {
    this.events = new BillingEvents(db, log);
    this.checkout = new CheckoutService(db, config, this.events, stripeClientFor(config));
  }

  /**
   * Puts a person on `plan` at once (or none), in the caller's transaction: the admin console's
   * "change plan". The same as `changePlan` from `subscription-lifecycle.ts`.
   */
  changePlan(tx: DbOrTx, userId: number, plan: PlanRow | null) {
    return changePlan(tx, userId, plan);
  }

  async state(user: UserRow): Promise<SubscriptionState> {
    const current = await this.checkout.running(user.id);
    const [plan, pending, reminder] = await Promise.all([
      current ? plansRepository.findById(this.db, current.planId) : undefined,
      current?.pendingPlanId ? plansRepository.findById(this.db, current.pendingPlanId) : undefined,
      trialReminderFor(this.db, user.id),
    ]);
    const onTrial = isOnTrial({ subscription: user.subscription, trial_ends_at: user.trialEndsAt });
    return {
      subscription: user.subscription ?? null,
      plan: plan ? toPlanResource(plan, this.config.appUrl) : null,
      status: current?.status === 'past_due' ? 'past_due' : current ? 'active' : null,
      provider: current?.provider ?? null,
      current_period_end: current?.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: current?.cancelAtPeriodEnd ?? false,
      pending_plan: pending ? toPlanResource(pending, this.config.appUrl) : null,
      trial_ends_at: user.trialEndsAt?.toISOString() ?? null,
      // The in-app notice is the grid's "Trial and billing" in-app cell.
      trial_reminder_sent: reminder !== null && onTrial && !user.subscription && cellOn(user, 'billing', 'in_app'),
      can_manage_billing: current?.provider === (this.checkout.mode === 'stripe' ? 'stripe' : 'test'),
      payments: this.checkout.mode,
    };
  }

  /** One pass of the background work: trial reminders, then periods that ended. The job queue runs it every BILLING_SWEEP_MS; tests call it by hand. */
  async sweep(now = new Date()): Promise<{ reminders: number; periodEnds: number }> {
    const reminders = await sendTrialReminders(this.db, this.mailer, this.config.appUrl, now);
    const plans = new Map((await billingRepository.allPlans(this.db)).map((p) => [p.id, p]));
    const touched = await this.db.transaction((tx) => sweepPeriodEnds(tx, plans, now));
    for (const id of touched) userChanged(id);
    return { reminders, periodEnds: touched.length };
  }
}
