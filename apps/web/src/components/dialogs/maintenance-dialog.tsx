import ConstructionIcon from '@mui/icons-material/Construction';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { DEFAULT_MAINTENANCE_RETRY_SECONDS } from '../../config';
import { ApiError, apiClient } from '../../lib/api-client';
import { parseRetryAfter } from '../../lib/errors/retry-after';
import { useCountdown } from './use-countdown';

export interface MaintenanceDialogProps {
  /** Where the countdown starts: the 503's Retry-After, already defaulted to 60. */
  retryAfterSeconds: number;
  /** The server is back: the caller closes the dialog and fetches again what failed. */
  onRecovered: () => void;
}

/** The health check of docs/wire.md (`GET /api/`), camelCased by the client. */
interface HealthAnswer {
  status?: string;
  maintenance?: { retryAfter?: unknown };
}

type Phase = 'waiting' | 'checking' | 'still-down';

/**
 * The maintenance dialog of docs/data.md Persistent (no onClose: neither Escape nor a click outside
 * closes it). The button counts down from Retry-After and is disabled above zero; pressing it asks
 * the API root directly, outside the error catalogue (the answer is this dialog's business):
 * ok closes the dialog; a 503 restarts the countdown from its `maintenance.retry_after` (60 when
 * missing or invalid); no answer or any other failure restarts it from 60.
 */
export default function MaintenanceDialog({ retryAfterSeconds, onRecovered }: MaintenanceDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const { remaining, restart } = useCountdown(retryAfterSeconds);
  const [phase, setPhase] = useState<Phase>('waiting');

  async function checkAgain() {
    setPhase('checking');
    let next = DEFAULT_MAINTENANCE_RETRY_SECONDS;
    try {
      const health = await apiClient.get<HealthAnswer>('');
      if (health?.status === 'ok') {
        onRecovered();
        return;
      }
      next = parseRetryAfter(health?.maintenance?.retryAfter);
    } catch (error) {
      if (error instanceof ApiError) next = parseRetryAfter(error.data.maintenance?.retryAfter);
    }
    restart(next);
    setPhase('still-down');
  }

  const checking = phase === 'checking';
  const status = checking
    ? t('maintenanceDialog.checking')
    : remaining === 0
      ? t('maintenanceDialog.ready')
      : phase === 'still-down'
        ? t('maintenanceDialog.stillDown')
        : '';

  return (
    <Dialog open role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ConstructionIcon color="warning" aria-hidden />
          <span>{t('maintenanceDialog.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('maintenanceDialog.body')}</DialogContentText>
        {/* Announced when it changes; the per-second countdown stays on the button, unannounced. */}
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 2, '&:empty': { display: 'none' } }}>
          {status}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={remaining > 0 || checking} onClick={() => void checkAgain()}>
          {remaining > 0 ? t('maintenanceDialog.retryIn', { count: remaining }) : t('maintenanceDialog.retryNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
