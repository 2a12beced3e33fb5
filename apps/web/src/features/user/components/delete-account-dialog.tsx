import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { clearEverythingLocal } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { fieldErrorsFor } from '../utils/field-errors';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Asks for the password, deletes the account, then leaves nothing of it on this device. */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const bodyId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const deleteAccount = useDeleteAccount();

  const close = () => {
    if (deleteAccount.isPending) return;
    setPassword('');
    setError('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    deleteAccount.mutate(password, {
      onSuccess: () => {
        clearEverythingLocal();
        void navigate(paths.SignIn(), { replace: true });
      },
      onError: (failure) => setError(fieldErrorsFor(failure, ['password']).password ?? ''),
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={bodyId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('accountPage.delete.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId} sx={{ mb: 2 }}>
            {t('accountPage.delete.dialogBody')}
          </DialogContentText>
          <TextField
            autoFocus
            type="password"
            name="password"
            autoComplete="current-password"
            label={t('accountPage.delete.password')}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || undefined}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={deleteAccount.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={deleteAccount.isPending} disabled={!password}>
            {t('accountPage.delete.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
