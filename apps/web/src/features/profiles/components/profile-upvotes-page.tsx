import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { DiscussionCard } from '../../discussions';
import { profileUpvotesQueryOptions, useProfileUpvotes } from '../api/get-profile-upvotes';
import { ProfileList } from './profile-list';
import { withSectionData } from './profile-section-data';

/** The profile's upvotes section: discussions they upvoted that I may see. */
function ProfileUpvotesPage() {
  const { t } = useTranslation();
  const { sid = '' } = useParams();
  const upvotes = useProfileUpvotes(sid);
  return (
    <ProfileList
      query={upvotes}
      label={t('profile.upvotesList')}
      empty={{ icon: <ThumbUpIcon />, title: t('profile.upvotesEmptyTitle'), description: t('profile.upvotesEmptyBody') }}
      keyOf={(discussion) => discussion.id}
      renderItem={(discussion) => <DiscussionCard discussion={discussion} />}
    />
  );
}

/** Rendered on the server, the section comes with its list's first page. */
export default withSectionData(ProfileUpvotesPage, (queryClient, sid) =>
  queryClient.prefetchInfiniteQuery(profileUpvotesQueryOptions(sid)),
);
