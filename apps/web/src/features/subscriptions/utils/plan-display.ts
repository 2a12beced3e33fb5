/**
 * Pure helpers behind a plan card: the price text and the checkout link. Kept apart from React so
 * the exact formats can be tested on their own.
 */

const wholeDollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Cents to a dollar amount with a `$` prefix (docs/rules.md: unitAmount / 100). Whole amounts drop the
 * cents (`$10`), anything else always shows two digits (`$9.99`, `$10.50`, never `$10.5`);
 * thousands are grouped (`$1,200`).
 */
export function formatPrice(unitAmount: number): string {
  const formatter = unitAmount % 100 === 0 ? wholeDollars : dollarsAndCents;
  return `$${formatter.format(unitAmount / 100)}`;
}

/**
 * The current page path as the checkout's `redirect` value: standard base64 (RFC 4648 §4, with
 * `+`, `/` and `=` padding) of the path's UTF-8 bytes, so non-Latin-1 characters survive `btoa`.
 * Decode with `new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))`,
 * or on the server `Buffer.from(value, 'base64').toString('utf8')`.
 */
export function encodeRedirect(path: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(path)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Where a Subscribe button goes: the plan's checkout URL with `redirect=<base64 of path>` added
 * (percent-encoded, as any query value), keeping any query or fragment the URL already has;
 * `#` when the plan has no checkout URL (docs/product.md).
 */
export function checkoutHref(checkoutUrl: string | null | undefined, currentPath: string): string {
  if (!checkoutUrl) return '#';
  const hashAt = checkoutUrl.indexOf('#');
  const base = hashAt === -1 ? checkoutUrl : checkoutUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : checkoutUrl.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}redirect=${encodeURIComponent(encodeRedirect(currentPath))}${fragment}`;
}
