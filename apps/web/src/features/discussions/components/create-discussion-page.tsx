import EditNoteIcon from '@mui/icons-material/EditNote';
import SearchIcon from '@mui/icons-material/Search';
import { Button, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH, paths } from '../../../lib/paths';
import { BackButton } from '../../../components/back-button';
import { EmptyState } from '../../../components/empty-state';

/** /discussions/create-discussion: starting a discussion begins from an article. */
export default function CreateDiscussionPage() {
  const { t } = useTranslation();
  return (
    <>
      <BackButton fallback={paths.Discussions()} />
      <Typography variant="h1" sx={{ mt: 1 }}>
        {t('discussions.createTitle')}
      </Typography>
      <EmptyState
        icon={<EditNoteIcon />}
        title={t('discussions.createEmptyTitle')}
        description={t('discussions.createEmptyBody')}
        action={
          <Button component={RouterLink} to={HOME_PATH} variant="contained" startIcon={<SearchIcon />}>
            {t('discussions.findArticle')}
          </Button>
        }
      />
    </>
  );
}
