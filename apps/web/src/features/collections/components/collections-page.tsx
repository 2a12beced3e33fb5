import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { Button, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';

/** /collections: the person's collections; the draft is where every one of them begins. */
export default function CollectionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1">{t('collections.title')}</Typography>
      <EmptyState
        icon={<CollectionsBookmarkIcon />}
        title={t('collections.emptyTitle')}
        description={t('collections.emptyBody')}
        action={
          <Button component={RouterLink} to={paths.CollectionsShowDraft()} variant="contained">
            {t('collections.openDraft')}
          </Button>
        }
      />
    </>
  );
}
