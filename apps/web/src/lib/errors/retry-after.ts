import { DEFAULT_MAINTENANCE_RETRY_SECONDS } from '../../config';

/**
 * Seconds to wait before asking again (docs/data.md, docs/rules.md): the Retry-After header or the body's
 * `maintenance.retry_after`, read as whole seconds. Anything that is not a non-negative number
 * (missing, empty, text, an HTTP date, negative, infinite) falls back to 60.
 */
export function parseRetryAfter(value: unknown): number {
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value));
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.ceil(value);
  return DEFAULT_MAINTENANCE_RETRY_SECONDS;
}
