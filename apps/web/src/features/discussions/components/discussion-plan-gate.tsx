import { Stack, Typography } from '@mui/material';
import type { Ability } from '@wink/contracts/permissions';
import { BackButton } from '../../../components/back-button';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { PlanRequiredPanel } from '../../subscriptions';

/** A discussion or one of its comments when the person's plan does not cover reading it: what the plan allows, and the plans. */
export function DiscussionPlanGate({ ability }: { ability: Ability }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <BackButton fallback={paths.Discussions()} />
      <Typography variant="h1">{t('discussions.title')}</Typography>
      <PlanRequiredPanel ability={ability} />
    </Stack>
  );
}
