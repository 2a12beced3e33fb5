import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import type { AdminPlan } from '../api/admin-keys';
import { usePlans, useSavePlan } from '../api/plans';
import { AdminLoadState } from './load-state';
import { PlanDialog } from './plan-dialog';

const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const price = (plan: AdminPlan) => `${money.format(plan.price.unitAmount / 100)}${plan.price.interval ? ` / ${plan.price.interval}` : ''}`;

/** Every plan, active or not: edit, activate, deactivate, create. */
export default function PlansPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  const toggle = useSavePlan();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));

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
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('admin.plans.heading')}>
          {plans.data.map((plan) => (
            <Paper component="li" key={plan.id} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {plan.id}
                  </Typography>
                </Box>
                <Chip
                  size="small"
                  color={plan.active ? 'success' : 'default'}
                  label={t(plan.active ? 'admin.plans.active' : 'admin.plans.inactive')}
                />
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
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('admin.plans.heading')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.plans.name')}</TableCell>
                <TableCell>{t('admin.plans.type')}</TableCell>
                <TableCell align="right">{t('admin.plans.price')}</TableCell>
                <TableCell>{t('admin.plans.stripePriceId')}</TableCell>
                <TableCell align="right">{t('admin.plans.subscribers')}</TableCell>
                <TableCell>{t('admin.plans.status')}</TableCell>
                <TableCell align="right">{t('admin.plans.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plans.data.map((plan) => (
                <TableRow key={plan.id} hover>
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {plan.id}
                    </Typography>
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
                    <Chip
                      size="small"
                      color={plan.active ? 'success' : 'default'}
                      label={t(plan.active ? 'admin.plans.active' : 'admin.plans.inactive')}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actionsFor(plan)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
