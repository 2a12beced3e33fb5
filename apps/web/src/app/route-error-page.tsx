import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from '../lib/i18n';
import { useRouteError } from 'react-router';
import { DialogHost } from './dialog-host';

/**
 * When a route cannot load (no connection, maintenance, a server fault) the error catalogue has
 * already shown its dialog; this page only offers the way back.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <div>
        <Typography variant="h1" gutterBottom>
          {t('routeError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('routeError.body')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      </div>
      {/* The root shell (and its dialog host) is gone while this page shows; the dialog that explains why is not. */}
      <DialogHost routeFailed />
    </Box>
  );
}
