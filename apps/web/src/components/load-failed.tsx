import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/** What a page or list shows where its content failed to load: what failed, and a button that tries again. */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
