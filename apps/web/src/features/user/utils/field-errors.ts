import { ApiError } from '../../../lib/api-client';
import { handleRequestError } from '../../../lib/errors/handle-request-error';

/**
 * For forms that show the server's 422 sentences under their own fields (their mutations are
 * `silent`): returns those sentences keyed by field. Anything the form cannot place (another
 * status, or a 422 about fields it does not have) goes to the error catalogue instead.
 */
export function fieldErrorsFor(error: unknown, fields: readonly string[]): Record<string, string> {
  if (error instanceof ApiError && error.status === 422) {
    const all = error.fieldErrors();
    const placed = Object.fromEntries(Object.entries(all).filter(([field]) => fields.includes(field)));
    if (Object.keys(placed).length > 0) return placed;
  }
  handleRequestError(error);
  return {};
}
