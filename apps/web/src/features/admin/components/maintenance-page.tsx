import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { MAINTENANCE_RETRY_MAX } from '@wink/contracts/admin';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { useMaintenance, useSetMaintenance } from '../api/maintenance';
import { CorpusSyncTable } from './corpus-sync-table';
import { AdminLoadState } from './load-state';

/** Maintenance on with a retry time, or off: the same switch as `npm run down` / `up`; below it, the corpus syncs. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const state = useMaintenance();
  const change = useSetMaintenance();
  const [retry, setRetry] = useState('60');
  const [error, setError] = useState<string | null>(null);

  const submit = (retryAfter: number | null) =>
    change.mutate(retryAfter, {
      onSuccess: (next) =>
        showNotice({ severity: 'success', message: t(next.enabled ? 'admin.maintenance.turnedOn' : 'admin.maintenance.turnedOff') }),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 422) setError(err.fieldErrors().retryAfter ?? err.data.message ?? null);
        else handleRequestError(err);
      },
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const seconds = Number(retry);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAINTENANCE_RETRY_MAX) {
      setError(t('admin.maintenance.retryHelp'));
      return;
    }
    submit(seconds);
  };

  if (!state.data) return <AdminLoadState query={state} />;
  const { enabled, retryAfter, since } = state.data;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Typography variant="h2">{t('admin.maintenance.heading')}</Typography>
      <Typography color="text.secondary">{t('admin.maintenance.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {enabled ? (
          <Stack spacing={2}>
            <Alert severity="warning">
              <strong>{t('admin.maintenance.on')}</strong>
              {since && (
                <Box component="span" sx={{ display: 'block' }}>
                  {t('admin.maintenance.since', { date: since, seconds: retryAfter })}
                </Box>
              )}
            </Alert>
            <Box>
              <Button variant="contained" onClick={() => submit(null)} disabled={change.isPending}>
                {t('admin.maintenance.turnOff')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
            <Alert severity="success">{t('admin.maintenance.off')}</Alert>
            <TextField
              label={t('admin.maintenance.retryAfter')}
              value={retry}
              onChange={(event) => setRetry(event.target.value)}
              inputMode="numeric"
              error={Boolean(error)}
              helperText={error ?? t('admin.maintenance.retryHelp')}
              sx={{ maxWidth: 280 }}
            />
            <Box>
              <Button type="submit" variant="contained" color="warning" disabled={change.isPending}>
                {t('admin.maintenance.turnOn')}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
      <CorpusSyncTable />
    </Box>
  );
}
