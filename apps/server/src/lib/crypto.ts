import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const SID_ALPHABET = '0123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';

/** A short public id (10 characters, about 58 bits): what URLs show instead of row numbers. */
export function shortId(length = 10): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i]!;
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % SID_ALPHABET.length)) out += SID_ALPHABET[byte % SID_ALPHABET.length];
  }
  return out.length === length ? out : shortId(length);
}
