import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReportReason } from '@wink/contracts/discussions';
import { REPORT_DETAILS_MAX } from '@wink/contracts/limits';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { useReportContent, type ReportTarget } from '../api/report-content';

const REASONS: readonly ReportReason[] = ['spam', 'misinformation', 'harassment', 'other'];

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  target: ReportTarget;
}

/** Sends a discussion or a comment to the moderators with a reason and, if the person wants, a few words. */
export function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonLabelId = useId();
  const report = useReportContent();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason(null);
    setDetails('');
    setError(null);
    report.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setError(null);
    report.mutate(
      { target, reason, details },
      {
        onSuccess: () => {
          showNotice({ severity: 'success', message: t('report.thanks') });
          close();
        },
        onError: (failure) => {
          // Already reported (or a reason the server refused): the sentence belongs in the dialog, which stays open.
          if (failure instanceof ApiError && failure.status === 422) {
            setError(failure.data.message ?? Object.values(failure.fieldErrors())[0] ?? null);
          } else {
            handleRequestError(failure);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{target.kind === 'discussion' ? t('report.titleDiscussion') : t('report.titleComment')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('report.lead')}</DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <FormControl>
              <FormLabel id={reasonLabelId}>{t('report.reason')}</FormLabel>
              <RadioGroup
                aria-labelledby={reasonLabelId}
                value={reason ?? ''}
                onChange={(event) => setReason(event.target.value as ReportReason)}
              >
                {REASONS.map((value) => (
                  <Box key={value} sx={{ mb: 0.5 }}>
                    <FormControlLabel
                      value={value}
                      control={<Radio slotProps={{ input: { 'aria-describedby': `${reasonLabelId}-${value}` } }} />}
                      label={t(`report.reasons.${value}`)}
                    />
                    {/* The hint sits outside the label so the radio's name stays short; it is read as the description. */}
                    <Typography id={`${reasonLabelId}-${value}`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.75 }}>
                      {t(`report.hints.${value}`)}
                    </Typography>
                  </Box>
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={t('report.details')}
              placeholder={t('report.detailsHint')}
              multiline
              minRows={3}
              value={details}
              onChange={(event) => setDetails(event.target.value.slice(0, REPORT_DETAILS_MAX))}
              helperText={t('report.counter', { count: details.length, max: REPORT_DETAILS_MAX })}
              slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX }, formHelperText: { sx: { textAlign: 'right' } } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!reason} loading={report.isPending}>
            {t('report.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
