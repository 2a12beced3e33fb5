import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { DiscussionCard } from '../../discussions';
import { useProfileUpvotes } from '../api/get-profile-upvotes';
import { ProfileList } from './profile-list';

/** The profile's upvotes section: discussions they upvoted that I may see. */
export default function ProfileUpvotesPage() {
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
