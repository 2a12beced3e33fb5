import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { fieldErrorsFor } from './field-errors';

vi.mock('../../../lib/errors/handle-request-error', () => ({ handleRequestError: vi.fn(), onSignedOut: vi.fn() }));

const apiError = (status: number, data: ApiError['data']) => new ApiError(status, 'Status', data, new Headers());

describe('fieldErrorsFor', () => {
  it("places a 422's sentences under the form's own fields", () => {
    const error = apiError(422, { message: 'Invalid.', errors: { displayName: ['Too short.', 'Second.'], other: ['Elsewhere.'] } });
    expect(fieldErrorsFor(error, ['displayName', 'name'])).toEqual({ displayName: 'Too short.' });
    expect(handleRequestError).not.toHaveBeenCalled();
  });

  it.each([
    ['another status', apiError(429, { message: 'Too Many Attempts.' })],
    ['a 422 about fields the form lacks', apiError(422, { message: 'Invalid.', errors: { other: ['Elsewhere.'] } })],
    ['no answer at all', new NetworkError()],
  ])('hands %s to the error catalogue', (_case, error) => {
    expect(fieldErrorsFor(error, ['displayName'])).toEqual({});
    expect(handleRequestError).toHaveBeenCalledWith(error);
  });
});
