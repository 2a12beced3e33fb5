import { hmac, safeEqual } from './crypto';

/** Links that cannot be forged or used after they expire (e-mail verification, unsubscribe). */
export function signUrl(key: string, base: string, pathname: string, ttlSeconds: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const signature = hmac(key, `${pathname}?expires=${expires}`);
  return `${base}${pathname}?expires=${expires}&signature=${signature}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function checkSignedUrl(key: string, pathname: string, expires: string, signature: string, now = Date.now()): SignatureCheck {
  if (!/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  if (!safeEqual(hmac(key, `${pathname}?expires=${expires}`), signature)) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'valid';
}
