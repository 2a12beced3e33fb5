import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import { useTranslation } from '../../../lib/i18n';

/** The console's loading and failure states, the same on every section. */
export function LoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return <DelayedSpinner />;
  return <LoadFailed message={t('admin.loadFailed')} onRetry={onRetry} />;
}
