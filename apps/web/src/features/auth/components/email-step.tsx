import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SignInFlow } from '../sign-in-flow';
import { reportFormError, validateEmail } from '../validation';
import { AuthField } from './auth-field';

/** Step one: the address. The flow remembers it and whether an account uses it. */
export function EmailStep({ flow, initialEmail }: { flow: SignInFlow; initialEmail: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const check = useMutation({
    mutationFn: (address: string) => flow.checkEmail(address),
    meta: { silent: true },
    onError: (failure) => reportFormError(failure, (errors) => setError(errors.email ?? errors.form)),
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = validateEmail(email, t);
        setError(problem);
        if (!problem) check.mutate(email.trim());
      }}
    >
      <AuthField
        id="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="username"
        autoFocus
        required
        value={email}
        onChange={setEmail}
        error={error}
      />
      <Button type="submit" variant="contained" size="large" loading={check.isPending}>
        {t('auth.signIn.continue')}
      </Button>
    </Stack>
  );
}
