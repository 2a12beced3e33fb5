import WifiOffIcon from '@mui/icons-material/WifiOff';
import { Box, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n';

/**
 * The offline warning (docs/product.md, docs/data.md): a warning-coloured card with the wifi-off icon, open for as
 * long as the browser is offline; lib/online-status closes it when the connection returns.
 *
 * It is the one dialog that must appear with no network, so it lives in the entry chunk and is
 * built from what the entry already holds (Box, Typography) instead of MUI's Dialog, whose modal
 * machinery would add about 10 KB there. The modal part it needs is small: a backdrop over
 * everything, focus moved onto the card, the rest of the page inert while it shows. There is no
 * way to dismiss it: no close button, and neither Escape nor a click outside does anything.
 */
export default function OfflineDialog() {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [layer] = useState(() => document.createElement('div'));
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.body.appendChild(layer);
    const previousFocus = document.activeElement as HTMLElement | null;
    // Everything else on the page goes inert (unreachable by keyboard, mouse and screen readers).
    const others = [...document.body.children].filter((element) => element !== layer && !element.hasAttribute('inert'));
    others.forEach((element) => element.setAttribute('inert', ''));
    card.current?.focus();
    return () => {
      others.forEach((element) => element.removeAttribute('inert'));
      layer.remove();
      previousFocus?.focus?.();
    };
  }, [layer]);

  return createPortal(
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'rgba(0, 0, 0, 0.5)',
      }}
    >
      <Box
        ref={card}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'flex-start',
          width: '100%',
          maxWidth: 444,
          p: 3,
          borderRadius: 1,
          boxShadow: 24,
          bgcolor: 'warning.main',
          color: 'warning.contrastText',
          outline: 'none',
        }}
      >
        <WifiOffIcon fontSize="large" aria-hidden sx={{ flexShrink: 0, mt: 0.25 }} />
        <div>
          <Typography id={titleId} variant="h3" component="h2" gutterBottom>
            {t('networkDialog.offlineTitle')}
          </Typography>
          <Typography id={textId}>{t('networkDialog.offline')}</Typography>
        </div>
      </Box>
    </Box>,
    layer,
  );
}
