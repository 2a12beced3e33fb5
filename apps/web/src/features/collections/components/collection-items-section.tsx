import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { HOME_PATH } from '../../../lib/paths';
import type { CollectionDetail } from '../api/collection-keys';
import { COLLECTION_ITEM_LIMIT } from '../limits';
import { CollectionItemsList } from './collection-items-list';

/** The items, or an invitation to add some; a full collection says so above them. */
export function CollectionItemsSection({ collection, viewKey }: { collection: CollectionDetail; viewKey: readonly unknown[] }) {
  const { t } = useTranslation();
  if (collection.items.length === 0)
    return (
      <EmptyState
        icon={<CollectionsBookmarkIcon />}
        title={t('collections.show.emptyTitle')}
        description={t('collections.show.emptyBody', { limit: COLLECTION_ITEM_LIMIT })}
        action={
          <Button component={RouterLink} to={HOME_PATH} variant="contained" startIcon={<SearchIcon />}>
            {t('collections.show.searchArticles')}
          </Button>
        }
      />
    );
  return (
    <Stack spacing={1}>
      {collection.itemsCount >= COLLECTION_ITEM_LIMIT && (
        <Alert severity="info">{t('collections.show.full', { limit: COLLECTION_ITEM_LIMIT })}</Alert>
      )}
      <CollectionItemsList collection={collection} viewKey={viewKey} />
    </Stack>
  );
}
