import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { requestPasswordReset } from '../api/password-reset';
import { reportFormError, validateEmail } from '../validation';
import { TextLink } from './text-link';
import { AuthCardHeader } from './auth-card-header';
import { AuthField } from './auth-field';

/** Asks for a reset link. The answer never tells whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (address: string) => requestPasswordReset(address),
    meta: { silent: true },
    onError: (failure) => reportFormError(failure, (errors) => setError(errors.email ?? errors.form)),
  });

  const backToSignIn = (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      <TextLink to={paths.SignIn()}>{t('auth.forgotPassword.backToSignIn')}</TextLink>
    </Typography>
  );

  if (send.isSuccess) {
    return (
      <Box role="status" sx={{ textAlign: 'center' }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <AuthCardHeader title={t('auth.forgotPassword.sentTitle')} lead={t('auth.forgotPassword.sent', { email: send.variables })} />
        {backToSignIn}
      </Box>
    );
  }

  return (
    <>
      <AuthCardHeader title={t('auth.forgotPassword.title')} lead={t('auth.forgotPassword.lead')} />
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          const problem = validateEmail(email, t);
          setError(problem);
          if (!problem) send.mutate(email.trim());
        }}
      >
        <AuthField
          id="email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={setEmail}
          error={error}
        />
        <Button type="submit" variant="contained" size="large" loading={send.isPending}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </Stack>
      {backToSignIn}
    </>
  );
}
