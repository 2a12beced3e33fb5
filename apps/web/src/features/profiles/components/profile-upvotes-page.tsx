import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';

/** The profile's upvotes section. */
export default function ProfileUpvotesPage() {
  const { t } = useTranslation();
  return <EmptyState icon={<ThumbUpIcon />} title={t('profile.upvotesEmptyTitle')} description={t('profile.upvotesEmptyBody')} />;
}
