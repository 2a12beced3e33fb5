import BookmarksIcon from '@mui/icons-material/Bookmarks';
import SearchIcon from '@mui/icons-material/Search';
import { Button, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH, paths } from '../../../lib/paths';
import { BackButton } from '../../../components/back-button';
import { EmptyState } from '../../../components/empty-state';
import { COLLECTION_ITEM_LIMIT } from '../../../config';

/** /collections/draft: where saved articles land before they become a collection. */
export default function DraftCollectionPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackButton fallback={paths.Collections()} />
      <Typography variant="h1" sx={{ mt: 1 }}>
        {t('collections.draftTitle')}
      </Typography>
      <EmptyState
        icon={<BookmarksIcon />}
        title={t('collections.draftEmptyTitle')}
        description={t('collections.draftEmptyBody', { limit: COLLECTION_ITEM_LIMIT })}
        action={
          <Button component={RouterLink} to={HOME_PATH} variant="contained" startIcon={<SearchIcon />}>
            {t('collections.searchArticles')}
          </Button>
        }
      />
    </>
  );
}
