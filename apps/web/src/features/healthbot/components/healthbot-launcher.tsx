import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { Box, Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { loadMessages, useTranslation } from '../../../lib/i18n';

// The gate, the panel, their text and everything under them arrive on the first click: the layout
// carries only this button.
const HealthbotEntry = lazy(() => Promise.all([import('./healthbot-entry'), loadMessages('healthbot')]).then(([module]) => module));

/**
 * The button that opens Wink on every page of the main layout. Once opened, the panel stays mounted
 * (closed), keeping the conversation between visits.
 */
export function HealthbotLauncher() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);

  const openPanel = () => {
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      {/* A visible label on every width (the icon alone said nothing): "Wink" on phones, "Ask Wink" wider;
          the accessible name starts with what is shown. */}
      <Button
        aria-label={t('app.askHealthbot')}
        title={t('app.healthbot')}
        aria-haspopup="dialog"
        onClick={openPanel}
        color="primary"
        startIcon={<QuestionAnswerOutlinedIcon aria-hidden />}
        sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 }, whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: 0.75 } }}
        data-testid="healthbot-launcher"
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('app.askWink')}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {t('app.wink')}
        </Box>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <HealthbotEntry open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
