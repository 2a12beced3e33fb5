import { Button } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { reportFormError, validateEmail } from '../validation';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';

interface EmailFormProps {
  initialEmail: string;
  autoComplete: 'username' | 'email';
  submitLabel: string;
  /** Sends the checked, trimmed address; its 422 shows under the field, other failures go to the catalogue. */
  mutation: UseMutationResult<unknown, Error, string>;
}

/** One e-mail field and its button: the address is checked here first, then sent. */
export function EmailForm({ initialEmail, autoComplete, submitLabel, mutation }: EmailFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  return (
    <AuthForm
      onSubmit={() => {
        const problem = validateEmail(email, t);
        setError(problem);
        if (problem) return;
        mutation.mutate(email.trim(), {
          onError: (failure) => reportFormError(failure, (errors) => setError(errors.email ?? errors.form)),
        });
      }}
    >
      <AuthField
        id="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete={autoComplete}
        autoFocus
        required
        value={email}
        onChange={setEmail}
        error={error}
      />
      <Button type="submit" variant="contained" size="large" loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </AuthForm>
  );
}
