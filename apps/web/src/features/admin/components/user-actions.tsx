import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import type { AdminUser } from '../api/admin-keys';
import { usePlans } from '../api/plans';
import { useUserAction } from '../api/users';

type Person = Pick<AdminUser, 'sid' | 'name' | 'banned' | 'role' | 'plan'>;

/** Ban (after a confirmation) or unban, and change the plan: the same buttons in the list and on a person's page. */
export function UserActions({ user, size = 'small' }: { user: Person; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const act = useUserAction();
  const [dialog, setDialog] = useState<'ban' | 'plan' | null>(null);
  const close = () => setDialog(null);

  const unban = () =>
    act.mutate(
      { sid: user.sid, action: 'unban' },
      { onSuccess: () => showNotice({ severity: 'success', message: t('admin.users.unbannedDone', { name: user.name }) }) },
    );
  const ban = () =>
    act.mutate(
      { sid: user.sid, action: 'ban' },
      {
        onSuccess: () => {
          close();
          showNotice({ severity: 'success', message: t('admin.users.bannedDone', { name: user.name }) });
        },
      },
    );

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button size={size} onClick={() => setDialog('plan')} aria-label={`${t('admin.users.changePlan')}: ${user.name}`}>
        {t('admin.users.changePlan')}
      </Button>
      {user.role !== 'admin' &&
        (user.banned ? (
          <Button size={size} onClick={unban} disabled={act.isPending} aria-label={`${t('admin.users.unban')} ${user.name}`}>
            {t('admin.users.unban')}
          </Button>
        ) : (
          <Button size={size} color="error" onClick={() => setDialog('ban')} aria-label={`${t('admin.users.ban')} ${user.name}`}>
            {t('admin.users.ban')}
          </Button>
        ))}
      {dialog === 'ban' && (
        <Dialog open onClose={close} maxWidth="xs" fullWidth>
          <DialogTitle>{t('admin.users.banTitle', { name: user.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('admin.users.banBody')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('admin.cancel')}</Button>
            <Button color="error" variant="contained" onClick={ban} disabled={act.isPending}>
              {t('admin.users.ban')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {dialog === 'plan' && <PlanChangeDialog user={user} onClose={close} />}
    </Stack>
  );
}

const NONE = '__none__';

function PlanChangeDialog({ user, onClose }: { user: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const act = useUserAction();
  const [choice, setChoice] = useState(user.plan?.id ?? NONE);

  const save = () => {
    const planId = choice === NONE ? null : choice;
    const plan = plans.data?.find((p) => p.id === planId);
    act.mutate(
      { sid: user.sid, action: 'plan', planId },
      {
        onSuccess: () => {
          onClose();
          showNotice({
            severity: 'success',
            message: t('admin.users.planChanged', { name: user.name, plan: plan?.name ?? t('admin.users.noPlan') }),
          });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('admin.users.changePlanTitle', { name: user.name })}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth label={t('admin.users.plan')} value={choice} onChange={(e) => setChoice(e.target.value)} sx={{ mt: 1 }}>
          <MenuItem value={NONE}>{t('admin.users.noPlan')}</MenuItem>
          {(plans.data ?? []).map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {plan.active ? plan.name : t('admin.users.retiredPlan', { name: plan.name })}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={act.isPending || !plans.data}>
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
