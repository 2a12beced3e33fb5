/** Where a checkout goes back to when its `redirect` parameter cannot be trusted. */
export const HOME_RETURN_PATH = '/';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Control characters (tab, newline, NUL...) would let a path smuggle in a header or confuse a browser.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The page a checkout returns to: the plan card sends the current path as base64 (docs/product.md). Only a
 * path on our own origin is accepted (one leading `/`, not `//host` or `/\host`, which browsers read
 * as another site); anything else, or anything that is not base64 of UTF-8 text, falls back to home.
 */
export function decodeReturnPath(param: unknown): string {
  if (typeof param !== 'string' || param.length === 0 || param.length > 4096) return HOME_RETURN_PATH;
  if (!BASE64.test(param) && !BASE64URL.test(param)) return HOME_RETURN_PATH;
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(param, BASE64.test(param) ? 'base64' : 'base64url'));
  } catch {
    return HOME_RETURN_PATH;
  }
  return isOwnPath(path) ? path : HOME_RETURN_PATH;
}

/** A relative path that stays on the origin it is resolved against. */
export function isOwnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  if (CONTROL.test(path) || path.includes('\\')) return false;
  const base = 'http://origin.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}
