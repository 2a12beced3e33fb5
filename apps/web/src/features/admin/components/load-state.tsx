import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadState, type QueryState } from '../../../components/load-state';
import { useTranslation } from '../../../lib/i18n';

/** The console's loading and failure states, the same on every section; shown while a section has no data. */
export function AdminLoadState({ query }: { query: QueryState }) {
  const { t } = useTranslation();
  return <LoadState query={query} loading={<DelayedSpinner />} errorMessage={t('admin.loadFailed')} />;
}
