import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { reloadPage } from '../../lib/errors/reload-page';

export interface NetworkErrorDialogProps {
  /** Closes the dialog and asks again for what failed. */
  onRetry: () => void;
}

/**
 * NETWORK ERROR (docs/wire.md): a request got no answer at all. Persistent: only its own buttons close
 * it ('Try again' or Reload), never Escape or a click outside, so the message is not lost by accident.
 */
export default function NetworkErrorDialog({ onRetry }: NetworkErrorDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();

  return (
    <Dialog open role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CloudOffIcon color="error" aria-hidden />
          <span>{t('networkDialog.networkErrorTitle')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('networkDialog.networkError')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
        <Button variant="contained" onClick={reloadPage}>
          {t('actions.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
