import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api-client';
import { reactionFor, type ErrorReaction } from './error-catalogue';
import { parseRetryAfter } from './retry-after';

function apiError(status: number, statusText = '', data: ApiError['data'] = {}, headers: Record<string, string> = {}) {
  return new ApiError(status, statusText, data, new Headers(headers));
}

describe('the error catalogue (docs/wire.md)', () => {
  const table: [string, unknown, ErrorReaction | null][] = [
    ['no response', new NetworkError(new TypeError('Failed to fetch')), { type: 'network-dialog' }],
    ['419', apiError(419, '', { message: 'CSRF token mismatch.' }), { type: 'session-expired' }],
    ['401', apiError(401, 'Unauthorized', { message: 'Unauthenticated.' }), { type: 'signed-out' }],
    ['400', apiError(400, 'Bad Request'), { type: 'notice', message: '400 Bad Request' }],
    ['404', apiError(404, 'Not Found', { message: 'No such discussion.' }), { type: 'notice', message: '404 Not Found' }],
    [
      '429 with Retry-After',
      apiError(429, 'Too Many Requests', {}, { 'retry-after': '30' }),
      { type: 'notice', message: '429 Too Many Requests. Try again in 30 seconds.' },
    ],
    ['429 without Retry-After', apiError(429, 'Too Many Requests'), { type: 'notice', message: '429 Too Many Requests' }],
    ['404 over HTTP/2 (no status text)', apiError(404, ''), { type: 'notice', message: '404 Not Found' }],
    ['429 over HTTP/2 (no status text)', apiError(429, ''), { type: 'notice', message: '429 Too Many Requests' }],
    [
      '403',
      apiError(403, 'Forbidden', { message: 'Your plan does not include writing.' }),
      { type: 'notice', message: 'Your plan does not include writing.' },
    ],
    [
      '422',
      apiError(422, 'Unprocessable Entity', {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      }),
      { type: 'notice', message: 'The email has already been taken.' },
    ],
    ['422 without a message', apiError(422, ''), { type: 'notice', message: '422 Unprocessable Content' }],
    [
      '503 with Retry-After',
      apiError(503, 'Service Unavailable', { message: 'Down', maintenance: { retryAfter: 120 } }, { 'retry-after': '45' }),
      { type: 'maintenance-dialog', retryAfterSeconds: 45 },
    ],
    ['503 without Retry-After', apiError(503, 'Service Unavailable'), { type: 'maintenance-dialog', retryAfterSeconds: 60 }],
    [
      '503 with an invalid Retry-After',
      apiError(503, '', {}, { 'retry-after': 'soon' }),
      { type: 'maintenance-dialog', retryAfterSeconds: 60 },
    ],
    ['500', apiError(500, 'Internal Server Error'), { type: 'api-error-dialog', status: 500, statusText: 'Internal Server Error' }],
    ['502 over HTTP/2', apiError(502, ''), { type: 'api-error-dialog', status: 502, statusText: 'Bad Gateway' }],
    ['409', apiError(409, 'Conflict'), { type: 'api-error-dialog', status: 409, statusText: 'Conflict' }],
    ['an unusual status', apiError(599, ''), { type: 'api-error-dialog', status: 599, statusText: '' }],
    ['an aborted request', new DOMException('The operation was aborted.', 'AbortError'), null],
    ['a network error caused by an abort', new NetworkError(new DOMException('aborted', 'AbortError')), null],
    ['a bug in a component', new TypeError("Cannot read properties of undefined (reading 'id')"), null],
    ['something thrown that is not an error', 'oops', null],
  ];

  it.each(table)('%s', (_situation, error, reaction) => {
    expect(reactionFor(error)).toEqual(reaction);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    [' 5 ', 5],
    [0, 0],
    [30, 30],
    [1.2, 2],
    [undefined, 60],
    [null, 60],
    ['', 60],
    ['abc', 60],
    ['-5', 60],
    [-5, 60],
    [Number.NaN, 60],
    [Number.POSITIVE_INFINITY, 60],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 60],
  ])('reads %j as %i seconds', (value, seconds) => {
    expect(parseRetryAfter(value)).toBe(seconds);
  });
});
