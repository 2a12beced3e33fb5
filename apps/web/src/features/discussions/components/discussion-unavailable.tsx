import ForumIcon from '@mui/icons-material/Forum';
import { Button } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { BackButton } from '../../../components/back-button';
import { EmptyState } from '../../../components/empty-state';

/** A discussion (or its comment or members) that is missing or private: one answer, never which. */
export function DiscussionUnavailable() {
  const { t } = useTranslation();
  return (
    <>
      <BackButton fallback={paths.Discussions()} />
      <EmptyState
        titleComponent="h1"
        icon={<ForumIcon />}
        title={t('discussions.unavailableTitle')}
        description={t('discussions.unavailableBody')}
        action={
          <Button component={RouterLink} to={paths.Discussions()} variant="outlined">
            {t('discussions.browse')}
          </Button>
        }
      />
    </>
  );
}
