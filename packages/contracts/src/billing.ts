import { z } from 'zod';
import { isoDate, resource } from './common';
import { plan } from './plans';
import { planType } from './user';

/**
 * GET /api/subscription: the plan in force and how it stands, for the subscription page
 * (renewal or end date, a waiting downgrade, a failed payment, the trial reminder).
 */
export const subscriptionState = z.object({
  subscription: planType.nullable().describe('The plan type in force (what the permission gate reads)'),
  plan: plan.nullable().describe('The plan in force, if any'),
  status: z.enum(['active', 'past_due']).nullable().describe('past_due: a payment failed and the card is being retried'),
  provider: z.enum(['manual', 'test', 'stripe']).nullable(),
  current_period_end: isoDate.nullable().describe('When the paid period ends (renews, or ends if cancelled)'),
  cancel_at_period_end: z.boolean(),
  pending_plan: plan.nullable().describe('A downgrade that takes effect at current_period_end'),
  trial_ends_at: isoDate.nullable(),
  trial_reminder_sent: z.boolean().describe('The trial-ending reminder went out: the app shows its notice until a plan is chosen'),
  can_manage_billing: z.boolean().describe('Whether POST subscription/portal has a subscription to open'),
  payments: z.enum(['stripe', 'test']).describe('test: the built-in test checkout (no Stripe key configured)'),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;
export const subscriptionStateResponse = resource(subscriptionState);

export const portalResponse = resource(z.object({ url: z.string().describe('The billing portal to open') }));

export const checkoutParams = z.object({ plan: z.string().min(1).max(64) });

/** Anything that is not one base64 string is treated as no redirect at all (home), never as an error. */
const optionalString = z.preprocess((value) => (typeof value === 'string' ? value : undefined), z.string().optional());

export const checkoutQuery = z.object({
  redirect: optionalString.describe('The page to return to, base64 of a path on this site; anything else returns home'),
});
export const checkoutReturnQuery = z.object({ session_id: optionalString });
export const testCheckoutParams = z.object({ id: z.string().min(1).max(64) });
export const testPortalBody = z.object({ action: z.enum(['cancel', 'resume']) });
