import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { reloadPage } from '../../lib/errors/reload-page';

export interface ApiErrorDialogProps {
  status: number;
  statusText: string;
  onClose: () => void;
}

/**
 * API Error (docs/wire.md): the server answered with a status no other rule covers. One request's
 * problem, so unlike the other error dialogs it may be closed (button, Escape, click outside).
 */
export default function ApiErrorDialog({ status, statusText, onClose }: ApiErrorDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();

  return (
    <Dialog open onClose={onClose} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ErrorOutlineIcon color="error" aria-hidden />
          <span>{t('apiErrorDialog.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText gutterBottom>{t('apiErrorDialog.body')}</DialogContentText>
        <DialogContentText sx={{ fontWeight: 600 }} gutterBottom>
          {t('apiErrorDialog.status', { status, statusText })}
        </DialogContentText>
        <DialogContentText>{t('apiErrorDialog.advice')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button variant="contained" onClick={reloadPage}>
          {t('actions.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
