import ForumIcon from '@mui/icons-material/Forum';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';

/** The profile's discussions section. */
export default function ProfileDiscussionsPage() {
  const { t } = useTranslation();
  return <EmptyState icon={<ForumIcon />} title={t('profile.discussionsEmptyTitle')} description={t('profile.discussionsEmptyBody')} />;
}
