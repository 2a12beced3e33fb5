import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';

/** The profile's followings section. */
export default function ProfileFollowingsPage() {
  const { t } = useTranslation();
  return <EmptyState icon={<PeopleIcon />} title={t('profile.followingsEmptyTitle')} description={t('profile.followingsEmptyBody')} />;
}
