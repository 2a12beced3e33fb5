import { Button, Stack } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';

interface FormActionsProps {
  submitLabel: string;
  busy: boolean;
  /** Shows a Cancel button beside the submit button. */
  onCancel?: (() => void) | undefined;
}

/** Submit, and Cancel when the form can be abandoned: the button row of every discussion and comment form. */
export function FormActions({ submitLabel, busy, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button onClick={onCancel} disabled={busy}>
          {t('actions.cancel')}
        </Button>
      )}
    </Stack>
  );
}
