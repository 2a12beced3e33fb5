import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { feedbackPagePath } from '../utils/feedback-page-path';
import { FeedbackForm } from './feedback-form';

function ThankYou({ onAgain }: { onAgain: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone; put focus on the thanks so keyboard and screen reader users land there.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <TaskAltIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h2" component="h1" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {t('feedbackPage.thanksTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        {t('feedbackPage.thanksBody')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={Link} to={paths.Search()}>
          {t('feedbackPage.backToSearch')}
        </Button>
        <Button variant="outlined" onClick={onAgain}>
          {t('feedbackPage.sendAnother')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Feedback on the product: a message, an optional rating, and the page it is about. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // Worked out once: after the first render the referrer no longer says where the person came from.
  const [page] = useState(() => feedbackPagePath(location.state, document.referrer, window.location.origin));
  const [sent, setSent] = useState(false);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          {sent ? (
            <ThankYou onAgain={() => setSent(false)} />
          ) : (
            <Stack spacing={3}>
              <Stack spacing={1}>
                <Typography variant="h1">{t('feedbackPage.title')}</Typography>
                <Typography color="text.secondary">{t('feedbackPage.lead')}</Typography>
              </Stack>
              <FeedbackForm page={page} onSent={() => setSent(true)} />
            </Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
