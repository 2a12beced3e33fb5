import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SPINNER_DELAY_MS } from '../../../config';

/** A spinner that only appears when loading takes longer than half a second (docs/rules.md), so fast loads do not flicker. */
export function DelayedSpinner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
