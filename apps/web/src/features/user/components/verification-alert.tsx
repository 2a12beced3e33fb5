import { Alert } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { userKeys } from '../../auth';

const OUTCOMES = { verified: 'success', expired: 'warning', invalid: 'error' } as const;
type Outcome = keyof typeof OUTCOMES;

const isOutcome = (value: string | null): value is Outcome => value !== null && Object.hasOwn(OUTCOMES, value);

/**
 * The server's e-mail verification link lands on `/user/account?verification=verified|expired|invalid`;
 * this says how it went. Closing it drops the parameter, so a reload does not show it again.
 */
export function VerificationAlert() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('verification');

  useEffect(() => {
    // The cached user still says "not verified"; fetch the new state.
    if (outcome === 'verified') void queryClient.invalidateQueries({ queryKey: userKeys.all });
  }, [outcome, queryClient]);

  if (!isOutcome(outcome)) return null;
  const dismiss = () =>
    setSearchParams(
      (params) => {
        params.delete('verification');
        return params;
      },
      { replace: true },
    );

  return (
    <Alert severity={OUTCOMES[outcome]} onClose={dismiss} closeText={t('actions.close')}>
      {t(`accountPage.verification.${outcome}`)}
    </Alert>
  );
}
