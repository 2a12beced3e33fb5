/**
 * Minimal document.cookie access: the XSRF token and, in token mode, the auth token live here. On the
 * server (a page rendered there) there is no document: nothing to read, and cookies are the API's to set.
 */
const hasDocument = () => typeof document !== 'undefined';

export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeDays?: number): void {
  if (!hasDocument()) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = maxAgeDays === undefined ? '' : `; Max-Age=${Math.round(maxAgeDays * 86_400)}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${maxAge}${secure}`;
}

export function deleteCookie(name: string): void {
  if (!hasDocument()) return;
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
