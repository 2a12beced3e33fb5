import ReplyIcon from '@mui/icons-material/Reply';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';

/** The profile's replies section. */
export default function ProfileRepliesPage() {
  const { t } = useTranslation();
  return <EmptyState icon={<ReplyIcon />} title={t('profile.repliesEmptyTitle')} description={t('profile.repliesEmptyBody')} />;
}
