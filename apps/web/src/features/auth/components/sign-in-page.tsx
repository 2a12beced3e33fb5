import { Box, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, paths } from '../../../lib/paths';
import { safeRedirectPath } from '../../../lib/session';
import { useSignInFlow } from '../sign-in-flow';
import { TextLink } from './text-link';
import { AuthCardHeader } from './auth-card-header';
import { EmailStep } from './email-step';

// Step two loads after step one is on screen (prefetched just after, so it is there by the time the
// address is checked): the first paint of this page stays within its bundle budget.
const loadPasswordStep = () => import('./password-step');
const loadUnknownEmailStep = () => import('./unknown-email-step');
const PasswordStep = lazy(() => loadPasswordStep().then((module) => ({ default: module.PasswordStep })));
const UnknownEmailStep = lazy(() => loadUnknownEmailStep().then((module) => ({ default: module.UnknownEmailStep })));

/** What the reset-password page hands over when it sends people here. */
export interface SignInLocationState {
  passwordReset?: boolean;
  email?: string;
}

/** Two-step sign-in (docs/data.md): the address first, then the password or the offer to register. */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const arrival = (useLocation().state ?? {}) as SignInLocationState;
  const [flow, { email, exists }] = useSignInFlow();
  const redirect = searchParams.get('redirect');

  // Only our own paths are followed; anything else (another site, `//evil`) lands home.
  const goOn = () => void navigate(safeRedirectPath(redirect, HOME_PATH), { replace: true });

  // Fetched a moment after the first paint, long before anyone has typed an address.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void loadPasswordStep();
      void loadUnknownEmailStep();
    }, 500);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <AuthCardHeader title={t('auth.signIn.title')} lead={email === null ? t('auth.signIn.lead') : undefined} />
      {arrival.passwordReset && email === null && (
        <Box role="status" sx={{ mb: 3, p: 1.5, borderRadius: 1, bgcolor: 'success.main', color: 'success.contrastText' }}>
          {t('auth.signIn.passwordReset')}
        </Box>
      )}
      {email === null && <EmailStep flow={flow} initialEmail={arrival.email ?? ''} />}
      <Suspense fallback={null}>
        {email !== null && exists && <PasswordStep flow={flow} email={email} onSignedIn={goOn} />}
        {email !== null && !exists && <UnknownEmailStep email={email} redirect={redirect} onUseAnotherEmail={() => flow.reset()} />}
      </Suspense>
      {email === null && (
        <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
          {t('auth.signIn.newHere')}{' '}
          <TextLink to={redirect ? `${paths.Register()}?${new URLSearchParams({ redirect })}` : paths.Register()}>
            {t('auth.signIn.createAccount')}
          </TextLink>
        </Typography>
      )}
    </>
  );
}
