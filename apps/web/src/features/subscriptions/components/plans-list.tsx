import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useUser } from '../../auth';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';
import { PoweredByBadge } from './powered-by-badge';
import { LoadFailed } from '../../../components/load-failed';

export interface PlansListProps {
  /** Which lead text sits above the cards: for someone who needs to read, or to write. */
  lead?: 'reader' | 'leader';
  /** Hide the lead text (the subscription page explains plans itself). */
  hideLead?: boolean;
  /** Offer only leader plans (writing needs one). */
  leaderOnly?: boolean;
}

/**
 * The plans on offer (docs/product.md): active ones only, cheapest first, one card each, the current plan
 * disabled, and the payment provider's badge below. The spinner waits 500 ms before appearing.
 */
export function PlansList({ lead = 'reader', hideLead = false, leaderOnly = false }: PlansListProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: user } = useUser();
  const plans = usePlans();

  const leadText = hideLead ? null : (
    <Typography sx={{ mb: 3, color: 'text.secondary' }} data-testid="plans-lead">
      {lead === 'leader' ? t('subscription.plans.leadLeader') : t('subscription.plans.leadReader')}
    </Typography>
  );

  if (plans.isPending) {
    return (
      <>
        {leadText}
        <DelayedSpinner label={t('subscription.plans.loading')} />
      </>
    );
  }

  if (plans.isError) {
    return (
      <>
        {leadText}
        <LoadFailed message={t('subscription.plans.loadFailed')} onRetry={() => void plans.refetch()} />
      </>
    );
  }

  // The query keeps the server's order cheapest first; what is shown is filtered here.
  const shown = plans.data.filter((plan) => plan.active && (!leaderOnly || plan.type === 'leader_subscription'));
  const columns = Math.max(1, shown.length);

  return (
    <>
      {leadText}
      {shown.length === 0 ? (
        <Alert severity="info">{t('subscription.plans.empty')}</Alert>
      ) : (
        <Box
          component="ul"
          aria-label={t('subscription.plans.listLabel')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 3,
            // Stacked on phones, side by side from tablets; a lone card keeps a readable width.
            gridTemplateColumns:
              columns === 1
                ? { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 420px)' }
                : {
                    xs: 'minmax(0, 1fr)',
                    sm: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
                    md: `repeat(${Math.min(columns, 3)}, minmax(0, 1fr))`,
                  },
            justifyContent: 'center',
            pt: 1,
          }}
        >
          {shown.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} isCurrent={user?.subscription === plan.type} currentPath={`${pathname}${search}`} />
            </li>
          ))}
        </Box>
      )}
      <PoweredByBadge />
    </>
  );
}
