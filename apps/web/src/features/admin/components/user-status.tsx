import { Chip, Stack } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { AdminUser } from '../api/admin-keys';

/** Suspended / admin / active, as chips a glance can read. */
export function UserStatus({ user }: { user: Pick<AdminUser, 'banned' | 'role'> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {user.banned ? (
        <Chip size="small" color="error" label={t('admin.users.banned')} />
      ) : (
        <Chip size="small" variant="outlined" color="success" label={t('admin.users.activeStatus')} />
      )}
      {user.role === 'admin' && <Chip size="small" color="primary" label={t('admin.users.adminRole')} />}
    </Stack>
  );
}

/** The plan's name, a trial's end, or "No plan". */
export function PlanLabel({ user }: { user: Pick<AdminUser, 'plan' | 'trialEndsAt'> }) {
  const { t } = useTranslation();
  if (user.plan) return <>{user.plan.name}</>;
  if (user.trialEndsAt && new Date(user.trialEndsAt) > new Date()) return <>{t('admin.users.trialUntil', { date: user.trialEndsAt })}</>;
  return <>{t('admin.users.noPlan')}</>;
}
