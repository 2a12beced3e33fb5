import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page carries for the client that hydrates it: the query cache the server
 * filled (TanStack Query's dehydrated state), the router's loader data and who was looking. It travels
 * as JSON in a `<script type="application/json">`, which the browser never runs, so the content
 * security policy (no inline scripts) holds.
 */
export interface EmbeddedData {
  queries: DehydratedState;
  router: HydrationState;
  authStatus: 'signed-in' | 'signed-out' | 'unknown';
}

export const EMBEDDED_DATA_ID = 'wink-first-view';

/** The attribute the server sets on #root when it holds the server's rendering. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * JSON that cannot end its <script> element or open a comment: every `<`, `>` and `&` (and the two
 * line separators older parsers stop at) written as a \u escape, which JSON.parse reads back as the
 * same character. Member-written text such as `</script><script>…` stays text.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The embedded data of this page, or null when the client renders it alone (no server rendering). */
export function readEmbeddedData(): EmbeddedData | null {
  const element = document.getElementById(EMBEDDED_DATA_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as EmbeddedData;
}
