import { Button, Stack } from '@mui/material';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { AppHeader } from './app-header';
import { PageFrame } from './page-frame';

/** A guest looking at a shared collection: the page, and the two ways in that lead back to it. */
export function GuestChrome() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const back = `?${new URLSearchParams({ redirect: `${pathname}${search}` })}`;

  return (
    <PageFrame
      header={
        <AppHeader
          compactBrand
          actions={
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={`${paths.SignIn()}${back}`}>
                {t('nav.signIn')}
              </Button>
              <Button component={RouterLink} to={`${paths.Register()}${back}`} variant="contained">
                {t('nav.register')}
              </Button>
            </Stack>
          }
        />
      }
    />
  );
}
