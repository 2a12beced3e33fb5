import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlinedIcon from '@mui/icons-material/RemoveCircleOutlined';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { isOnTrial } from '@wink/contracts/permissions';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { withFirstViewData } from '../../../lib/first-view-data';
import { useUser, type User } from '../../auth';
import { plansQueryOptions } from '../api/get-plans';
import { subscriptionQueryOptions, useSubscription } from '../api/get-subscription';
import { checkPermission, toPermissionHolder } from '../use-permission-gate';
import { BillingCard } from './billing-card';
import { PlansList } from './plans-list';
import TrialEndingNotice from './trial-ending-notice';

function AccessLine({ allowed, children }: { allowed: boolean; children: string }) {
  const Icon = allowed ? CheckCircleIcon : RemoveCircleOutlinedIcon;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} component="li">
      <Icon fontSize="small" aria-hidden sx={{ color: allowed ? 'success.main' : 'text.disabled' }} />
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** Current plan, trial state and what the holder can do right now. */
function CurrentPlanCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const headingId = useId();
  const onTrial = isOnTrial(toPermissionHolder(user));
  const planName =
    user.subscription === 'leader_subscription'
      ? t('subscription.page.planLeader')
      : user.subscription === 'reader_subscription'
        ? t('subscription.page.planReader')
        : t('subscription.page.planNone');
  const trialEnd = user.trialEndsAt ? new Date(user.trialEndsAt) : null;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' } }}>
        <Box>
          <Typography id={headingId} component="h2" variant="overline" sx={{ color: 'text.secondary' }}>
            {t('subscription.page.currentPlanHeading')}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="p" variant="h2" data-testid="current-plan">
              {planName}
            </Typography>
            {onTrial && <Chip label={t('subscription.page.onTrial')} color="primary" size="small" />}
          </Stack>
          {trialEnd && (
            <Typography sx={{ mt: 1, color: onTrial ? 'text.primary' : 'text.secondary' }}>
              {onTrial ? t('subscription.page.trialEnds', { date: trialEnd }) : t('subscription.page.trialEnded', { date: trialEnd })}
            </Typography>
          )}
        </Box>
        <Box>
          <Typography component="h3" variant="overline" sx={{ color: 'text.secondary' }}>
            {t('subscription.page.accessHeading')}
          </Typography>
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 0.5 }}>
            <AccessLine allowed={checkPermission(user, 'read')}>
              {checkPermission(user, 'read') ? t('subscription.page.canRead') : t('subscription.page.cannotRead')}
            </AccessLine>
            <AccessLine allowed={checkPermission(user, 'write')}>
              {checkPermission(user, 'write') ? t('subscription.page.canWrite') : t('subscription.page.cannotWrite')}
            </AccessLine>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Read and write in plain words, for each way of holding access (docs/rules.md). */
function PlanAllowances() {
  const { t } = useTranslation();
  const headingId = useId();
  const rows = [
    { term: t('subscription.page.onTrial'), text: t('subscription.page.allows.trial') },
    { term: t('subscription.page.planReader'), text: t('subscription.page.allows.reader') },
    { term: t('subscription.page.planLeader'), text: t('subscription.page.allows.leader') },
    { term: t('subscription.page.planNone'), text: t('subscription.page.allows.none') },
  ];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 1.5 }}>
        {t('subscription.page.allowsHeading')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          '& dt': { fontWeight: 600, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, color: 'text.secondary' },
        }}
      >
        {rows.map((row) => (
          <Box key={row.term} sx={{ display: 'contents' }}>
            <Typography component="dt">{row.term}</Typography>
            <Typography component="dd" variant="body2" sx={{ alignSelf: 'center' }}>
              {row.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** /user/subscription: the current plan and trial, billing, what each plan allows, and the plans on offer. */
function SubscriptionPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { data: state } = useSubscription();
  const plansHeadingId = useId();
  // Shown once the server's reminder went out (three days before the end), until a plan is chosen.
  const trialEnding = state?.trialReminderSent ? state.trialEndsAt : null;

  return (
    <Stack sx={{ gap: 4 }}>
      <Box>
        <Typography variant="h2">{t('subscription.page.title')}</Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary' }}>{t('subscription.page.intro')}</Typography>
      </Box>

      {trialEnding && <TrialEndingNotice trialEndsAt={trialEnding} hidePlansLink />}

      {user ? <CurrentPlanCard user={user} /> : <DelayedSpinner />}

      {state && <BillingCard state={state} />}

      <PlanAllowances />

      <Box component="section" aria-labelledby={plansHeadingId}>
        <Typography id={plansHeadingId} component="h2" variant="h3" sx={{ mb: 2 }}>
          {t('subscription.page.plansHeading')}
        </Typography>
        <PlansList hideLead />
      </Box>
    </Stack>
  );
}

/** How my subscription stands and the plans on offer (the user is the guard's, already in the cache). */
export default withFirstViewData(SubscriptionPage, ({ queryClient }) =>
  Promise.all([queryClient.prefetchQuery(subscriptionQueryOptions()), queryClient.prefetchQuery(plansQueryOptions())]),
);
