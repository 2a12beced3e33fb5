import { summarizeFieldErrors, type FieldErrors } from '@wink/contracts';

/** An error that becomes a response with its own status and message; everything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldErrors,
    message = summarizeFieldErrors(errors),
  ) {
    super(422, message, { errors });
    this.name = 'ValidationError';
  }
}

/** One sentence under one field: the usual way a service rejects a value. */
export const invalid = (field: string, sentence: string) => new ValidationError({ [field]: [sentence] });

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message: string, body: Record<string, unknown> = {}) => new HttpError(403, message, body);
export const notFound = (what = 'The requested resource') => new HttpError(404, `${what} was not found.`);
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');
export const sessionExpired = () => new HttpError(419, 'Your session has expired. Please reload the page and try again.');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'Too many attempts. Please try again later.',
    { retry_after: retryAfterSeconds },
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
