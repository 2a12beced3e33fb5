import ExploreOffIcon from '@mui/icons-material/ExploreOff';
import { Button } from '@mui/material';
import { useTranslation } from '../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { HOME_PATH } from '../lib/paths';

/** Any path the app does not know (docs/product.md). Home is search; a guest is sent on to sign in from there. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      titleComponent="h1"
      icon={<ExploreOffIcon />}
      title={t('notFound.title')}
      description={t('notFound.body')}
      action={
        <Button component={RouterLink} to={HOME_PATH} variant="contained">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
