import { Alert, Button } from '@mui/material';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { useTranslation } from '../../../lib/i18n';

/** The console's loading and failure states, the same on every section. */
export function LoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return <DelayedSpinner />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('admin.retry')}
        </Button>
      }
    >
      {t('admin.loadFailed')}
    </Alert>
  );
}
