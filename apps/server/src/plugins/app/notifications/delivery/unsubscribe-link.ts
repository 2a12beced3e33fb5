import { hmac, safeEqual } from '../../../../lib/crypto';

/**
 * The one-click unsubscribe link of notification mail: the person's public id and an HMAC of it under
 * APP_KEY. It never expires (an old mail must still work) and does one thing only: turn
 * emailNotifications off. Served under /email/, which the service worker leaves to the server.
 */
const PURPOSE = 'unsubscribe:email-notifications:';

const signature = (appKey: string, sid: string) => hmac(appKey, PURPOSE + sid).slice(0, 40);

export const unsubscribePath = (appKey: string, sid: string) =>
  `/email/unsubscribe/${encodeURIComponent(`${sid}.${signature(appKey, sid)}`)}`;

/** The person's sid when the token is one we signed, else null. */
export function verifyUnsubscribeToken(appKey: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 200) return null;
  const sid = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), signature(appKey, sid)) ? sid : null;
}
