import type { TFunction } from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import { handleRequestError } from '../../lib/errors/handle-request-error';

/**
 * Limits of `registerBody` and `resetPasswordBody` in @wink/contracts/auth, copied rather than
 * imported: that module builds zod schemas on load and would drag zod into these pages' chunks.
 * validation.test.ts keeps the copies equal to the contract.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const DISPLAY_NAME_MIN_LENGTH = 2;
export const DISPLAY_NAME_MAX_LENGTH = 40;

export type FieldErrors = Record<string, string>;

/** The shape check only; the server has the last word on what an address is. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export function validateEmail(value: string, t: TFunction): string | undefined {
  if (!value.trim()) return t('auth.validation.emailRequired');
  if (!looksLikeEmail(value)) return t('auth.validation.emailShape');
  return undefined;
}

export function validateNewPassword(password: string, confirmation: string, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors.password = t('auth.validation.passwordRequired');
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = t('auth.validation.passwordLength', { min: PASSWORD_MIN_LENGTH });
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = t('auth.validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH });
  else if (password !== confirmation) errors.passwordConfirmation = t('auth.validation.confirmationMismatch');
  return errors;
}

/** Drops undefined entries so `Object.keys(errors).length` says whether the form may go out. */
export function compact(errors: Record<string, string | undefined>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * A form's own reaction to a failed submit: a 422's sentences go under their fields (keyed by the
 * camelCased field name; a 422 without field errors keeps its message under `form`), everything
 * else is the error catalogue's (docs/wire.md). The form's mutations are silent so nothing shows twice.
 */
export function reportFormError(error: unknown, showFieldErrors: (errors: FieldErrors) => void): void {
  if (error instanceof ApiError && error.status === 422) {
    const fields = error.fieldErrors();
    showFieldErrors(Object.keys(fields).length > 0 ? fields : { form: error.data.message ?? error.message });
    return;
  }
  handleRequestError(error);
}
