import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Box, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { requestPasswordReset } from '../api/password-reset';
import { TextLink } from './text-link';
import { AuthCardHeader } from './auth-card-header';
import { EmailForm } from './email-form';

/** Asks for a reset link. The answer never tells whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const send = useMutation({ mutationFn: (address: string) => requestPasswordReset(address), meta: { silent: true } });

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
      <EmailForm
        initialEmail={searchParams.get('email') ?? ''}
        autoComplete="email"
        submitLabel={t('auth.forgotPassword.submit')}
        mutation={send}
      />
      {backToSignIn}
    </>
  );
}
