import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { PLAN_INTERVALS } from '@wink/contracts/admin';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import type { AdminPlan } from '../api/admin-keys';
import { useSavePlan } from '../api/plans';

type PlanType = AdminPlan['type'];

interface PlanForm {
  id: string;
  name: string;
  type: PlanType;
  description: string;
  price: string;
  interval: string;
  features: string;
  stripePriceId: string;
}

const formOf = (plan: AdminPlan | null): PlanForm => ({
  id: plan?.id ?? '',
  name: plan?.name ?? '',
  type: plan?.type ?? 'leader_subscription',
  description: plan?.description ?? '',
  price: plan ? (plan.price.unitAmount / 100).toFixed(2) : '',
  interval: plan ? (plan.price.interval ?? 'none') : 'month',
  features: plan?.features.join('\n') ?? '',
  stripePriceId: plan?.stripePriceId ?? '',
});

/** Dollars as typed ("9.99", "10") to cents, or null when it is not a price. */
export function toCents(price: string): number | null {
  const match = /^\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(price);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Create a plan, or edit one (its kind stays what it was created with). */
export function PlanDialog({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlan({ silent: true });
  const [form, setForm] = useState(() => formOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof PlanForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: event.target.value })),
    error: Boolean(errors[name]),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const unitAmount = toCents(form.price);
    if (unitAmount === null) {
      setErrors({ price: t('admin.plans.priceInvalid') });
      return;
    }
    const common = {
      name: form.name,
      description: form.description,
      features: form.features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      unitAmount,
      interval: form.interval === 'none' ? null : (form.interval as (typeof PLAN_INTERVALS)[number]),
      stripePriceId: form.stripePriceId.trim() || null,
    };
    const input = plan
      ? { id: plan.id, body: common }
      : { id: null, body: { ...common, type: form.type, ...(form.id.trim() ? { id: form.id.trim() } : {}) } };
    save.mutate(input as Parameters<typeof save.mutate>[0], {
      onSuccess: () => {
        showNotice({ severity: 'success', message: t(plan ? 'admin.plans.updated' : 'admin.plans.created') });
        onClose();
      },
      onError: (err) => {
        if (!(err instanceof ApiError && err.status === 422)) return handleRequestError(err);
        const found = err.fieldErrors();
        // Wire fields to form fields: the price is edited in dollars, sent in cents.
        setErrors({
          ...found,
          price: found.unitAmount ?? found.price ?? '',
          features: found.features ?? Object.entries(found).find(([k]) => k.startsWith('features.'))?.[1] ?? '',
        });
      },
    });
  };

  const help = (name: keyof PlanForm, fallback?: string) => errors[name] || fallback;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}
    >
      <DialogTitle>{plan ? t('admin.plans.editTitle', { name: plan.name }) : t('admin.plans.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('admin.plans.name')} required autoFocus {...field('name')} helperText={help('name')} />
          {!plan && <TextField label={t('admin.plans.id')} {...field('id')} helperText={help('id', t('admin.plans.idHelp'))} />}
          {!plan && (
            <TextField select label={t('admin.plans.type')} {...field('type')} helperText={help('type')}>
              {(['reader_subscription', 'leader_subscription'] as const).map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`admin.plans.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('admin.plans.description')}
            multiline
            minRows={2}
            {...field('description')}
            helperText={help('description')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('admin.plans.price')}
              required
              inputMode="decimal"
              {...field('price')}
              helperText={help('price', t('admin.plans.priceHelp'))}
              sx={{ flex: 1 }}
            />
            <TextField select label={t('admin.plans.interval')} {...field('interval')} helperText={help('interval')} sx={{ flex: 1 }}>
              {[...PLAN_INTERVALS, 'none' as const].map((interval) => (
                <MenuItem key={interval} value={interval}>
                  {t(`admin.plans.intervals.${interval}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={t('admin.plans.features')}
            multiline
            minRows={3}
            {...field('features')}
            helperText={help('features', t('admin.plans.featuresHelp'))}
          />
          <TextField
            label={t('admin.plans.stripePriceId')}
            {...field('stripePriceId')}
            helperText={help('stripePriceId', t('admin.plans.stripePriceIdHelp'))}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
