import AddCommentIcon from '@mui/icons-material/AddComment';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { DiscussionScope } from '../api/discussion-keys';

/** What an empty list means depends on the tab: nothing anywhere, nothing of mine, nothing joined, or no match. */
export function DiscussionsEmptyState({ scope, searching }: { scope: DiscussionScope; searching: boolean }) {
  const { t } = useTranslation();
  const start = (
    <Button component={RouterLink} to={paths.DiscussionsCreate()} variant="contained" startIcon={<AddCommentIcon />}>
      {t('discussions.start')}
    </Button>
  );
  if (searching)
    return (
      <EmptyState icon={<SearchOffIcon />} title={t('discussions.empty.searchTitle')} description={t('discussions.empty.searchBody')} />
    );
  if (scope === 'mine')
    return (
      <EmptyState
        icon={<AddCommentIcon />}
        title={t('discussions.empty.mineTitle')}
        description={t('discussions.empty.mineBody')}
        action={start}
      />
    );
  if (scope === 'joined')
    return (
      <EmptyState
        icon={<GroupsOutlinedIcon />}
        title={t('discussions.empty.joinedTitle')}
        description={t('discussions.empty.joinedBody')}
        action={
          <Button component={RouterLink} to={paths.Discussions()} variant="outlined">
            {t('discussions.browse')}
          </Button>
        }
      />
    );
  return <EmptyState icon={<ForumIcon />} title={t('discussions.emptyTitle')} description={t('discussions.emptyBody')} action={start} />;
}
