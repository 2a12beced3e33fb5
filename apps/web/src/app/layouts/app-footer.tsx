import { Box, Typography } from '@mui/material';
import { useTranslation } from '../../lib/i18n';

/** The not-medical-advice note (docs/decisions.md), under every page. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: 2, py: 3, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ maxWidth: 640, mx: 'auto' }}>
        {t('app.notMedicalAdvice')}
      </Typography>
    </Box>
  );
}
