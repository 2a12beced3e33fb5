import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { Button } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { BackButton } from '../../../components/back-button';
import { EmptyState } from '../../../components/empty-state';

/** /collections/{id}: one collection. Until collections load, every id answers as unavailable. */
export default function CollectionPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackButton fallback={paths.Collections()} />
      <EmptyState
        titleComponent="h1"
        icon={<CollectionsBookmarkIcon />}
        title={t('collections.unavailableTitle')}
        description={t('collections.unavailableBody')}
        action={
          <Button component={RouterLink} to={paths.Collections()} variant="outlined">
            {t('collections.yourCollections')}
          </Button>
        }
      />
    </>
  );
}
