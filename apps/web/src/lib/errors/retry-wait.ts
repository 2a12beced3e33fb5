import type { ApiError } from '../api-client';
import { t } from '../i18n';

/**
 * How long a 429 asks the person to wait (docs/wire.md, docs/decisions.md: "429 with Retry-After"), in whole
 * seconds: the Retry-After header as seconds or as an HTTP date, else the body's `retry_after`;
 * null when the answer did not say.
 */
export function retryAfterOf(error: Pick<ApiError, 'headers' | 'data'>, now: number = Date.now()): number | null {
  const header = error.headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Math.ceil(Number(header));
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const body = (error.data as { retryAfter?: unknown }).retryAfter;
  if (typeof body === 'number' && Number.isFinite(body) && body >= 0) return Math.ceil(body);
  if (typeof body === 'string' && /^\d+$/.test(body.trim())) return Number(body.trim());
  return null;
}

/**
 * When they can try again, in words: seconds under a minute, minutes (rounded up) with the local
 * clock time under a day, else the date and time. "Try again in 46 minutes, at 4:42 PM."
 */
export function tryAgainSentence(seconds: number, now: number = Date.now()): string {
  if (seconds <= 0) return t('notices.tryAgainNow');
  if (seconds < 60) return t('notices.tryAgainInSeconds', { count: seconds });
  const at = new Date(now + seconds * 1000);
  if (seconds < 90 * 60) return t('notices.tryAgainInMinutes', { count: Math.ceil(seconds / 60), time: at });
  if (seconds < 24 * 3600) return t('notices.tryAgainInHours', { count: Math.round(seconds / 3600), time: at });
  return t('notices.tryAgainOn', { time: at });
}
