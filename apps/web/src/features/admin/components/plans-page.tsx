import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import type { AdminPlan } from '../api/admin-keys';
import { usePlans, useSavePlan } from '../api/plans';
import { AdminLoadState } from './load-state';
import { PlanDialog } from './plan-dialog';
import { RecordCard, RecordCards, RecordTable, useNarrowScreen } from './record-list';

const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const price = (plan: AdminPlan) => `${money.format(plan.price.unitAmount / 100)}${plan.price.interval ? ` / ${plan.price.interval}` : ''}`;

/** A plan's name, and its id under it. */
function PlanName({ plan }: { plan: AdminPlan }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {plan.id}
      </Typography>
    </>
  );
}

function PlanStatus({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={plan.active ? 'success' : 'default'} label={t(plan.active ? 'admin.plans.active' : 'admin.plans.inactive')} />
  );
}

/** Every plan, active or not: edit, activate, deactivate, create. */
export default function PlansPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  const toggle = useSavePlan();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const narrow = useNarrowScreen();

  const setActive = (plan: AdminPlan, active: boolean) =>
    toggle.mutate(
      { id: plan.id, body: { active } },
      {
        onSuccess: () =>
          showNotice({
            severity: 'success',
            message: t(active ? 'admin.plans.activated' : 'admin.plans.deactivated', { name: plan.name }),
          }),
      },
    );

  const actionsFor = (plan: AdminPlan) => (
    <>
      <Button size="small" onClick={() => setEditing(plan)} aria-label={`${t('admin.plans.edit')} ${plan.name}`}>
        {t('admin.plans.edit')}
      </Button>
      <Button
        size="small"
        color={plan.active ? 'warning' : 'primary'}
        disabled={toggle.isPending}
        onClick={() => setActive(plan, !plan.active)}
        aria-label={`${t(plan.active ? 'admin.plans.deactivate' : 'admin.plans.activate')} ${plan.name}`}
      >
        {t(plan.active ? 'admin.plans.deactivate' : 'admin.plans.activate')}
      </Button>
    </>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h2">{t('admin.plans.heading')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('admin.plans.create')}
        </Button>
      </Stack>
      {!plans.data ? (
        <AdminLoadState query={plans} />
      ) : narrow ? (
        <RecordCards label={t('admin.plans.heading')}>
          {plans.data.map((plan) => (
            <RecordCard key={plan.id}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Box>
                  <PlanName plan={plan} />
                </Box>
                <PlanStatus plan={plan} />
              </Stack>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {price(plan)} · {t(`admin.plans.types.${plan.type}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('admin.plans.stripePriceId')}: {plan.stripePriceId ?? t('admin.plans.noStripe')} · {t('admin.plans.subscribers')}:{' '}
                {plan.subscribers}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
                {actionsFor(plan)}
              </Stack>
            </RecordCard>
          ))}
        </RecordCards>
      ) : (
        <RecordTable
          label={t('admin.plans.heading')}
          head={
            <>
              <TableCell>{t('admin.plans.name')}</TableCell>
              <TableCell>{t('admin.plans.type')}</TableCell>
              <TableCell align="right">{t('admin.plans.price')}</TableCell>
              <TableCell>{t('admin.plans.stripePriceId')}</TableCell>
              <TableCell align="right">{t('admin.plans.subscribers')}</TableCell>
              <TableCell>{t('admin.plans.status')}</TableCell>
              <TableCell align="right">{t('admin.plans.actions')}</TableCell>
            </>
          }
        >
          {plans.data.map((plan) => (
            <TableRow key={plan.id} hover>
              <TableCell>
                <PlanName plan={plan} />
              </TableCell>
              <TableCell>{t(`admin.plans.types.${plan.type}`)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {price(plan)}
              </TableCell>
              <TableCell
                sx={{
                  fontFamily: plan.stripePriceId ? 'monospace' : undefined,
                  color: plan.stripePriceId ? undefined : 'text.secondary',
                }}
              >
                {plan.stripePriceId ?? t('admin.plans.noStripe')}
              </TableCell>
              <TableCell align="right">{plan.subscribers}</TableCell>
              <TableCell>
                <PlanStatus plan={plan} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actionsFor(plan)}
              </TableCell>
            </TableRow>
          ))}
        </RecordTable>
      )}
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
