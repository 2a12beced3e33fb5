import ForumIcon from '@mui/icons-material/Forum';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { DiscussionCard } from '../../discussions';
import { useProfileDiscussions } from '../api/get-profile-discussions';
import { ProfileList } from './profile-list';

/** The profile's discussions section: the ones they started that I may see. */
export default function ProfileDiscussionsPage() {
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
