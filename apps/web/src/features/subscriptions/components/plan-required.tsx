import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { Ability } from '@wink/contracts/permissions';
import { isOnTrial } from '@wink/contracts/permissions';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useUser, type User } from '../../auth';
import { toPermissionHolder } from '../use-permission-gate';
import { PlansList } from './plans-list';

type Holding = 'trial' | 'reader' | 'leader' | 'none';

function holdingOf(user: User): Holding {
  if (user.subscription === 'leader_subscription') return 'leader';
  if (user.subscription === 'reader_subscription') return 'reader';
  return isOnTrial(toPermissionHolder(user)) ? 'trial' : 'none';
}

/** When the trial ended, if it did and no plan took its place. */
export function endedTrial(user: Pick<User, 'subscription' | 'trialEndsAt'> | null | undefined, now = Date.now()): Date | null {
  if (!user || user.subscription || !user.trialEndsAt) return null;
  const end = Date.parse(user.trialEndsAt);
  return Number.isFinite(end) && end <= now ? new Date(end) : null;
}

export interface PlanRequiredProps {
  /** What the page needs: reading (every plan) or writing (the Leader plan only). */
  ability: Ability;
  /** h1 when the panel is the whole page, h2 under the page's own heading. */
  titleComponent?: 'h1' | 'h2';
}

/**
 * What a page shows in place of content the person's plan does not cover (docs/rules.md, docs/decisions.md): it
 * says so, says what their plan does allow (and when their trial ended), and offers the plans that
 * would, the Leader plan only where writing is needed. Never "does not exist", never "could not be loaded".
 */
export default function PlanRequired({ ability, titleComponent = 'h2' }: PlanRequiredProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: user } = useUser();
  const holding = user ? holdingOf(user) : null;
  const trialEnd = endedTrial(user);

  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" data-testid="plan-required">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 40,
              height: 40,
              borderRadius: '50%',
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            <LockOutlinedIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={headingId} component={titleComponent} variant="h3">
              {ability === 'write' ? t('subscription.required.writeTitle') : t('subscription.required.readTitle')}
            </Typography>
            <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>
              {ability === 'write' ? t('subscription.required.writeBody') : t('subscription.required.readBody')}
            </Typography>
          </Box>
        </Stack>
        {trialEnd && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="trial-ended-note">
            {t('subscription.required.trialEnded', { date: trialEnd })}
          </Alert>
        )}
        {holding && (
          <Typography sx={{ mb: 3 }} data-testid="plan-allows">
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t(`subscription.required.yourPlan.${holding}`)}
            </Box>{' '}
            {t(`subscription.page.allows.${holding}`)}
          </Typography>
        )}
        <PlansList lead={ability === 'write' ? 'leader' : 'reader'} hideLead leaderOnly={ability === 'write'} />
      </CardContent>
    </Card>
  );
}
