import LinkOffIcon from '@mui/icons-material/LinkOff';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';

/** /shared/{hash}: a collection opened from its link, guests included. Until it loads, the link answers as not working. */
export default function SharedCollectionPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      titleComponent="h1"
      icon={<LinkOffIcon />}
      title={t('collections.sharedUnavailableTitle')}
      description={t('collections.sharedUnavailableBody')}
    />
  );
}
