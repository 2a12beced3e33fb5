import type { TFunction } from '../../lib/i18n';
import type { RegisterInput } from './api/register';
import {
  compact,
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
  validateEmail,
  validateNewPassword,
  type FieldErrors,
} from './validation';

/** The checks the server would make anyway, answered before the round trip. */
export function validateRegistration(values: RegisterInput, t: TFunction): FieldErrors {
  const name = values.name.trim();
  const displayName = values.displayName.trim();
  return {
    ...compact({
      name: !name
        ? t('auth.validation.nameRequired')
        : name.length > NAME_MAX_LENGTH
          ? t('auth.validation.nameTooLong', { max: NAME_MAX_LENGTH })
          : undefined,
      displayName:
        displayName.length < DISPLAY_NAME_MIN_LENGTH || displayName.length > DISPLAY_NAME_MAX_LENGTH
          ? t('auth.validation.displayNameLength')
          : undefined,
      email: validateEmail(values.email, t),
    }),
    ...validateNewPassword(values.password, values.passwordConfirmation, t),
  };
}
