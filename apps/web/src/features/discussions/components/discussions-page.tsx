import AddCommentIcon from '@mui/icons-material/AddComment';
import ForumIcon from '@mui/icons-material/Forum';
import { Button, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/empty-state';

/** /discussions: the discussions list, empty until the person starts or joins one. */
export default function DiscussionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1">{t('discussions.title')}</Typography>
      <EmptyState
        icon={<ForumIcon />}
        title={t('discussions.emptyTitle')}
        description={t('discussions.emptyBody')}
        action={
          <Button component={RouterLink} to={paths.DiscussionsCreate()} variant="contained" startIcon={<AddCommentIcon />}>
            {t('discussions.start')}
          </Button>
        }
      />
    </>
  );
}
