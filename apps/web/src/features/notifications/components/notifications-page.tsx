import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';

/** /notifications: what happened while the person was away. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1">{t('notifications.title')}</Typography>
      <EmptyState icon={<DoneAllIcon />} title={t('notifications.emptyTitle')} description={t('notifications.emptyBody')} />
    </>
  );
}
