import { ApiError, NetworkError } from '../api-client';
import { parseRetryAfter } from './retry-after';
import { statusTextOf } from './reason-phrases';
import { retryAfterOf, tryAgainSentence } from './retry-wait';

/**
 * The 429 notice (docs/decisions.md): the catalogue's status line, then when they can try again when the
 * server said (Retry-After). Wink and the forms that post say the same sentence.
 */
export function tooManyRequestsMessage(error: ApiError, now: number = Date.now()): string {
  const statusLine = `${error.status} ${statusTextOf(error.status, error.statusText)}`.trim();
  const wait = retryAfterOf(error, now);
  return wait === null ? statusLine : `${statusLine}. ${tryAgainSentence(wait, now)}`;
}

/**
 * The error catalogue of docs/wire.md as a pure function: which reaction a failed request calls for.
 * Applying it (dialogs, notices, auth state) is handle-request-error.ts's job, so this table can be
 * tested row by row. Only failures of our HTTP clients are its business: an aborted request, a
 * cancelled query or a bug in a component's code returns null and is left to whoever threw it.
 */
export type ErrorReaction =
  /** No answer at all: the persistent NETWORK ERROR dialog. */
  | { type: 'network-dialog' }
  /** 419: the persistent session-expired notice with Reload; the stored auth flag is dropped. */
  | { type: 'session-expired' }
  /** 401: the logged-in flag goes false and the cached user goes. */
  | { type: 'signed-out' }
  /** 400, 404 (status line), 429 (status line and when to try again) and 403, 422 (the server's message): a negative notice. */
  | { type: 'notice'; message: string }
  /** 503: the maintenance dialog, counting down from Retry-After. */
  | { type: 'maintenance-dialog'; retryAfterSeconds: number }
  /** Anything else: the API Error dialog with the status. */
  | { type: 'api-error-dialog'; status: number; statusText: string };

// By name: a DOMException is not an Error in every realm (jsdom, older WebViews).
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function reactionFor(error: unknown, now: number = Date.now()): ErrorReaction | null {
  if (isAbort(error)) return null;
  if (error instanceof NetworkError) return isAbort(error.cause) ? null : { type: 'network-dialog' };
  if (!(error instanceof ApiError)) return null;

  const { status } = error;
  const statusLine = `${status} ${statusTextOf(status, error.statusText)}`.trim();
  switch (status) {
    case 419:
      return { type: 'session-expired' };
    case 401:
      return { type: 'signed-out' };
    case 400:
    case 404:
      return { type: 'notice', message: statusLine };
    case 429:
      return { type: 'notice', message: tooManyRequestsMessage(error, now) };
    case 403:
    case 422: {
      // The server always sends a sentence (docs/wire.md); the status line covers a proxy's bare answer.
      const message = typeof error.data.message === 'string' ? error.data.message.trim() : '';
      return { type: 'notice', message: message || statusLine };
    }
    case 503:
      return { type: 'maintenance-dialog', retryAfterSeconds: parseRetryAfter(error.headers.get('retry-after') ?? undefined) };
    default:
      return { type: 'api-error-dialog', status, statusText: statusTextOf(status, error.statusText) };
  }
}
