import ForumIcon from '@mui/icons-material/Forum';
import { Button } from '@mui/material';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';

/** qd=1 asks the box to search discussions; until discussions exist, say so instead of pretending. */
export default function DiscussionsSearchNotice({ onSearchArticles }: { onSearchArticles: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<ForumIcon />}
      title={t('searchResults.discussionsSearchTitle')}
      description={t('searchResults.discussionsSearchBody')}
      action={
        <Button variant="outlined" onClick={onSearchArticles}>
          {t('searchResults.discussionsSearchBack')}
        </Button>
      }
    />
  );
}
