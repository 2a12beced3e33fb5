import ForumIcon from '@mui/icons-material/Forum';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { DiscussionCard } from '../../discussions';
import { profileDiscussionsQueryOptions, useProfileDiscussions } from '../api/get-profile-discussions';
import { ProfileList } from './profile-list';
import { withSectionData } from './profile-section-data';

/** The profile's discussions section: the ones they started that I may see. */
function ProfileDiscussionsPage() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const discussions = useProfileDiscussions(sid);
  return (
    <ProfileList
      query={discussions}
      label={t('profile.discussionsList')}
      empty={{ icon: <ForumIcon />, title: t('profile.discussionsEmptyTitle'), description: t('profile.discussionsEmptyBody') }}
      keyOf={(discussion) => discussion.id}
      renderItem={(discussion) => <DiscussionCard discussion={discussion} />}
    />
  );
}

/** Rendered on the server, the section comes with its list's first page. */
export default withSectionData(ProfileDiscussionsPage, (queryClient, sid) =>
  queryClient.prefetchInfiniteQuery(profileDiscussionsQueryOptions(sid)),
);
