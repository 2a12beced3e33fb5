import { paths } from '../../../lib/paths';

const MAX_PAGE_LENGTH = 500;

/** Only the path: a query can hold a health search term, which feedback does not need. */
function pathOnly(value: string): string | null {
  const path = value.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//') || path === paths.Feedback()) return null;
  return path.slice(0, MAX_PAGE_LENGTH);
}

/**
 * The page the feedback is about: the route that linked here (links pass `state={{ from: path }}`),
 * else the same-origin page the browser came from, else nothing.
 */
export function feedbackPagePath(routeState: unknown, referrer: string, origin: string): string | null {
  const from = (routeState as { from?: unknown } | null)?.from;
  if (typeof from === 'string') {
    const path = pathOnly(from);
    if (path) return path;
  }
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.origin === origin ? pathOnly(url.pathname) : null;
  } catch {
    return null;
  }
}
