import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { tooManyRequestsMessage } from './error-catalogue';
import { retryAfterOf, tryAgainSentence } from './retry-wait';

const NOW = Date.parse('2026-11-27T15:56:00Z');
const clock = (date: Date) => new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(date);

function tooMany(headers: Record<string, string> = {}, data: ApiError['data'] = {}) {
  return new ApiError(429, 'Too Many Requests', data, new Headers(headers));
}

describe('retryAfterOf', () => {
  it('reads seconds, an HTTP date or the body, and says nothing when the answer did not', () => {
    expect(retryAfterOf(tooMany({ 'retry-after': '2760' }), NOW)).toBe(2760);
    expect(retryAfterOf(tooMany({ 'retry-after': new Date(NOW + 90_000).toUTCString() }), NOW)).toBe(90);
    expect(retryAfterOf(tooMany({}, { retryAfter: 120 }), NOW)).toBe(120);
    expect(retryAfterOf(tooMany({ 'retry-after': 'soon' }), NOW)).toBeNull();
    expect(retryAfterOf(tooMany(), NOW)).toBeNull();
  });
});

describe('tryAgainSentence', () => {
  it('says seconds, minutes with the clock time, hours, or the date', () => {
    expect(tryAgainSentence(1, NOW)).toBe('Try again in 1 second.');
    expect(tryAgainSentence(45, NOW)).toBe('Try again in 45 seconds.');
    expect(tryAgainSentence(2760, NOW)).toBe(`Try again in 46 minutes, at ${clock(new Date(NOW + 2_760_000))}.`);
    expect(tryAgainSentence(61, NOW)).toBe(`Try again in 2 minutes, at ${clock(new Date(NOW + 61_000))}.`);
    expect(tryAgainSentence(5 * 3600, NOW)).toBe(`Try again in about 5 hours, at ${clock(new Date(NOW + 5 * 3_600_000))}.`);
    expect(tryAgainSentence(3 * 86_400, NOW)).toMatch(/^Try again on November 30, 2026/);
    expect(tryAgainSentence(0, NOW)).toBe('You can try again now.');
  });
});

describe('tooManyRequestsMessage', () => {
  it('keeps the catalogue status line and adds when to try again', () => {
    expect(tooManyRequestsMessage(tooMany({ 'retry-after': '2760' }), NOW)).toBe(
      `429 Too Many Requests. Try again in 46 minutes, at ${clock(new Date(NOW + 2_760_000))}.`,
    );
    expect(tooManyRequestsMessage(new ApiError(429, '', {}, new Headers()), NOW)).toBe('429 Too Many Requests');
  });
});
