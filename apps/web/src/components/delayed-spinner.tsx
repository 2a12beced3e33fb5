import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { SPINNER_DELAY_MS } from '../config';

interface DelayedSpinnerProps {
  /** What is loading, for screen readers; defaults to "Loading…". */
  label?: string;
  /** Wait before showing anything (docs/rules.md: 500 ms). */
  delayMs?: number;
  size?: number;
  /** Space above and below, in theme spacing units. */
  paddingY?: number;
}

/**
 * A progress indicator that appears only when loading takes longer than the spinner delay, so a
 * fast answer never flashes a spinner (docs/product.md, "Dialogs": 500 ms).
 */
export function DelayedSpinner({ label, delayMs = SPINNER_DELAY_MS, size = 32, paddingY = 4 }: DelayedSpinnerProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);

  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: paddingY }}>
      <CircularProgress size={size} aria-label={label ?? t('loading')} />
    </Box>
  );
}
