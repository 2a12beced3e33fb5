import Stripe from 'stripe';
import type { Config } from '../../../config';

/** The Stripe SDK for the configured key and API address, or null in the embedded default (test checkout). */
export function stripeClientFor(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = new URL(config.STRIPE_API_URL);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'wink-health' },
  });
}

/** Checks a webhook's signature and age with Stripe's own code; throws when either is wrong. */
export function verifyWebhook(payload: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new Error('No Stripe-Signature header.');
  // Verification needs no API key; the SDK's static helper is the same code.
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
