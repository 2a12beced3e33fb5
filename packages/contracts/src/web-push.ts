import { z } from 'zod';
import { resource } from './common';

/** base64url without padding (what PushSubscription.toJSON() gives), a trailing '=' tolerated. */
const base64url = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return new RegExp(`^[A-Za-z0-9_-]{${chars}}=*$`);
};

/** A browser's push subscription, as PushSubscription.toJSON() has it (keys in snake case on the wire). */
export const webPushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'The endpoint field is required.' })
    .max(2048, 'The endpoint must not be longer than 2048 characters.')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'The endpoint must be an https address.'),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first one 0x04 (so the text starts with "B").
      p256dh: z
        .string({ error: 'The p256dh key is required.' })
        .refine((value) => base64url(65).test(value) && value.startsWith('B'), 'The p256dh key must be a P-256 public key in base64url.'),
      auth: z
        .string({ error: 'The auth secret is required.' })
        .refine((value) => base64url(16).test(value), 'The auth secret must be 16 bytes in base64url.'),
    },
    { error: 'The keys field is required.' },
  ),
  expiration_time: z.number().nullable().optional(),
});

export const webPushUnsubscribeBody = z.object({
  endpoint: z.string({ error: 'The endpoint field is required.' }).min(1).max(2048),
});

/** The server's VAPID public key (base64url), the applicationServerKey of pushManager.subscribe(). */
export const vapidPublicKeyResponse = resource(z.object({ public_key: z.string() }));

export type WebPushSubscriptionBody = z.infer<typeof webPushSubscriptionBody>;
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponse>;
