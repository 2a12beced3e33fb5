import { lazy, type ComponentType } from 'react';
import { loadMessages, type MessageArea } from '../../../lib/i18n';

/**
 * React.lazy for the parts of the search page that are not on first paint, loading the `search`
 * message area alongside: the area is not a route area, so the heading, box and intro (which use
 * `pages` keys) stay within the 180 KB first-render budget. Parts built from discussion pieces name
 * `discussions` as well, so that text arrives only when they do.
 */
export function lazyWithMessages<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>, ...areas: MessageArea[]) {
  return lazy(() => whenOnline().then(() => Promise.all([load(), loadMessages('search', ...areas)]).then(([module]) => module)));
}

/**
 * A part asked for while the device is offline (the page opened from the service worker's cache, or
 * the connection dropped before it was fetched) waits for the connection instead of failing: React
 * remembers a failed lazy load for good, and the page would show its error screen.
 */
function whenOnline(): Promise<void> {
  // Rendered on the server (entry-server.tsx) there is no window, and nothing to wait for.
  if (typeof window === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
