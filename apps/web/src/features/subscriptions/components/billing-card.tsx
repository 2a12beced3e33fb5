import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SubscriptionState } from '../api/get-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';

/** When the plan renews or ends, a downgrade waiting, a failed payment; and the way to the billing portal. */
function StandingLine({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation();
  const end = state.currentPeriodEnd ? new Date(state.currentPeriodEnd) : null;
  if (state.provider === 'manual') return <Typography>{t('subscription.billing.manual')}</Typography>;
  if (state.cancelAtPeriodEnd && end) return <Typography>{t('subscription.billing.cancelled', { date: end })}</Typography>;
  return (
    <>
      <Typography>{end ? t('subscription.billing.renews', { date: end }) : t('subscription.billing.noRenewalDate')}</Typography>
      {state.pendingPlan && end && (
        <Typography>{t('subscription.billing.pending', { date: end, plan: state.pendingPlan.name })}</Typography>
      )}
    </>
  );
}

/** The billing section of /user/subscription; nothing for someone without a plan. */
export function BillingCard({ state, onNavigate }: { state: SubscriptionState; onNavigate?: (url: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const portal = useOpenBillingPortal(onNavigate);
  if (!state.plan) return null;

  return (
    <Card component="section" aria-labelledby={headingId} data-testid="billing-card">
      <CardContent sx={{ p: 3, display: 'grid', gap: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="h3">
            {t('subscription.billing.heading')}
          </Typography>
          {state.payments === 'test' && <Chip label={t('subscription.billing.testMode')} color="warning" size="small" />}
        </Stack>
        {state.status === 'past_due' && <Alert severity="error">{t('subscription.billing.pastDue')}</Alert>}
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{state.plan.name}</Typography>
          <StandingLine state={state} />
        </Box>
        {state.payments === 'test' && state.provider === 'test' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('subscription.billing.testModeNote')}
          </Typography>
        )}
        {state.canManageBilling && (
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 1, sm: 2 }, alignItems: { sm: 'center' } }}>
            <Button variant="outlined" onClick={() => portal.mutate()} disabled={portal.isPending || portal.isSuccess}>
              {t('subscription.billing.manage')}
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('subscription.billing.manageHint')}
            </Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
