import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { EmptyState } from './empty-state';

interface LoadFailedProps {
  message: ReactNode;
  onRetry: () => void;
  /** With a title the failure fills the content's place (icon, title, message, button), as an empty state does. */
  title?: string;
}

/** What a page or list shows where its content failed to load: what failed, and a button that tries again. */
export function LoadFailed({ message, onRetry, title }: LoadFailedProps) {
  const { t } = useTranslation();
  if (title)
    return (
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title={title}
        description={message}
        action={
          <Button variant="outlined" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
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
