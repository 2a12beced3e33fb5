import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { IconButton } from '@mui/material';
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
      <IconButton aria-label={t('app.healthbot')} title={t('app.healthbot')} aria-haspopup="dialog" onClick={openPanel} color="primary">
        <QuestionAnswerOutlinedIcon />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <HealthbotEntry open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
