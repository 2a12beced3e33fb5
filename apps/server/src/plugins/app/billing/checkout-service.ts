import type Stripe from 'stripe';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { shortId } from '../../../lib/crypto';
import { HttpError, invalid, notFound } from '../../../lib/errors';
import type { PlanRow } from '../../../db/schema/index';
import { plansRepository } from '../plans/plans-repository';
import { billingRepository, type CheckoutSessionRow, type SubscriptionRow } from './billing-repository';
import type { BillingEvents } from './billing-events';
import { decodeReturnPath } from './return-path';

export const TEST_CHECKOUT_PATH = '/api/subscription/test-checkout';
export const TEST_PORTAL_PATH = '/api/subscription/test-portal';
const SUBSCRIPTION_PAGE = '/user/subscription';

export interface TestCheckout {
  session: CheckoutSessionRow;
  plan: PlanRow;
}

/**
 * Buying a plan: Stripe Checkout when a key is configured, else the built-in test checkout. Both
 * finish by feeding a `checkout.session.completed` event to the same handler as the webhook.
 */
export class CheckoutService {
  constructor(
    private db: Db,
    private config: Config,
    private events: BillingEvents,
    readonly stripe: Stripe | null,
  ) {}

  get mode(): 'stripe' | 'test' {
    return this.stripe ? 'stripe' : 'test';
  }

  /** Where the browser goes to pay for `planId`; `redirect` is the plan card's base64 page path. */
  async start(user: UserRow, planId: string, redirect: unknown): Promise<string> {
    const returnPath = decodeReturnPath(redirect);
    const plan = await plansRepository.findById(this.db, planId);
    if (!plan || !plan.active) throw notFound('The plan');
    const current = await this.running(user.id);
    if (current?.planId === plan.id && !current.cancelAtPeriodEnd) return returnPath;

    if (!this.stripe) {
      const id = `cs_test_${shortId(24)}`;
      await billingRepository.createCheckoutSession(this.db, { id, provider: 'test', userId: user.id, planId: plan.id, returnPath });
      return `${TEST_CHECKOUT_PATH}/${id}`;
    }
    if (!plan.stripePriceId) throw invalid('plan', 'This plan cannot be bought online yet.');
    // A second Stripe subscription would bill twice: someone already paying changes plan in the portal.
    if (current?.provider === 'stripe') return this.portalUrl(user);
    const customer = await billingRepository.stripeCustomer(this.db, user.id);
    const metadata = { user_sid: user.sid, plan_id: plan.id };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: plan.stripePriceId, quantity: 1 }],
      client_reference_id: user.sid,
      ...(customer ? { customer } : { customer_email: user.email }),
      metadata,
      subscription_data: { metadata },
      success_url: `${this.config.appUrl}/api/subscription/checkout-return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.config.appUrl}${returnPath}`,
    });
    if (!session.url) throw new HttpError(502, 'The payment provider did not return a checkout page.');
    await billingRepository.createCheckoutSession(this.db, {
      id: session.id,
      provider: 'stripe',
      userId: user.id,
      planId: plan.id,
      returnPath,
    });
    return session.url;
  }

  /**
   * Back from Stripe Checkout: the session is read from Stripe and applied through the webhook's
   * handler at once, so the plan is there when the page loads even if the webhook is still on its way.
   */
  async returnFromStripe(user: UserRow, sessionId: unknown): Promise<string> {
    const record = typeof sessionId === 'string' ? await billingRepository.checkoutSession(this.db, sessionId) : undefined;
    if (!record || record.userId !== user.id || record.provider !== 'stripe' || !this.stripe) return SUBSCRIPTION_PAGE;
    if (record.status === 'open') {
      const session = await this.stripe.checkout.sessions.retrieve(record.id, { expand: ['subscription'] });
      if (session.status === 'complete') {
        await this.events.handle('stripe', { id: `return_${session.id}`, type: 'checkout.session.completed', data: { object: session } });
      }
    }
    return record.returnPath;
  }

  /** The open test checkout of this person, for its page. */
  async testCheckout(user: UserRow, id: string): Promise<TestCheckout> {
    const session = await billingRepository.checkoutSession(this.db, id);
    if (!session || session.provider !== 'test' || session.userId !== user.id || this.stripe) throw notFound('The checkout');
    const plan = await plansRepository.findById(this.db, session.planId);
    if (!plan) throw notFound('The plan');
    return { session, plan };
  }

  /** "Pay" on the test checkout: the event Stripe would send, through the same handler. Returns where to go next. */
  async payTestCheckout(user: UserRow, id: string): Promise<string> {
    const { session, plan } = await this.testCheckout(user, id);
    if (session.status === 'open') {
      await this.events.handle('test', {
        id: `evt_${session.id}`,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: session.id,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'complete',
            payment_status: 'paid',
            client_reference_id: user.sid,
            customer: null,
            subscription: `sub_test_${shortId(24)}`,
            metadata: { user_sid: user.sid, plan_id: plan.id },
          },
        },
      });
    }
    return session.returnPath;
  }

  /** The billing portal (card, cancellation): Stripe's, or the built-in test one. */
  async portalUrl(user: UserRow): Promise<string> {
    if (!this.stripe) {
      const current = await this.running(user.id);
      if (current?.provider !== 'test') throw invalid('subscription', 'You have no subscription bought through checkout to manage yet.');
      return `${this.config.appUrl}${TEST_PORTAL_PATH}`;
    }
    const customer = await billingRepository.stripeCustomer(this.db, user.id);
    if (!customer) throw invalid('subscription', 'You have no subscription bought through checkout to manage yet.');
    const portal = await this.stripe.billingPortal.sessions.create({ customer, return_url: `${this.config.appUrl}${SUBSCRIPTION_PAGE}` });
    return portal.url;
  }

  /** The test portal's two buttons: cancel at the period's end, or keep the subscription after all. */
  async setTestCancellation(user: UserRow, cancel: boolean): Promise<void> {
    const current = await this.running(user.id);
    if (this.stripe || current?.provider !== 'test' || !current.providerSubscriptionId) {
      throw invalid('subscription', 'You have no test subscription to change.');
    }
    await this.events.handle('test', {
      id: `evt_test_${shortId(24)}`,
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: current.providerSubscriptionId,
          object: 'subscription',
          status: current.status,
          cancel_at_period_end: cancel,
          // No price and no plan: the plan stays as it is (or as already scheduled); only the cancellation changes.
          metadata: {},
          items: {
            data: [{ current_period_end: current.currentPeriodEnd ? Math.floor(current.currentPeriodEnd.getTime() / 1000) : null }],
          },
        },
      },
    });
  }

  /** The person's newest subscription in force, if any. */
  async running(userId: number): Promise<SubscriptionRow | undefined> {
    return billingRepository.latestInForce(this.db, userId);
  }
}
