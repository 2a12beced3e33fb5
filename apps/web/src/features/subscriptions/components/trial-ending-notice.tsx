import { Alert, Box, Container, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

export interface TrialEndingNoticeProps {
  trialEndsAt: string;
  /** Under the header on every page it can be closed; on the subscription page it stays. */
  onDismiss?: () => void;
  /** The subscription page is where "See plans" leads, so it leaves the link out there. */
  hidePlansLink?: boolean;
}

/** "Your trial ends on …": shown from three days before the end, like the reminder e-mail. */
export default function TrialEndingNotice({ trialEndsAt, onDismiss, hidePlansLink = false }: TrialEndingNoticeProps) {
  const { t } = useTranslation();
  const alert = (
    <Alert
      severity="warning"
      role="status"
      data-testid="trial-ending-notice"
      onClose={onDismiss}
      slotProps={{ closeButton: { 'aria-label': t('subscription.trialNotice.dismiss'), title: t('subscription.trialNotice.dismiss') } }}
    >
      {t('subscription.trialNotice.message', { date: new Date(trialEndsAt) })}
      {!hidePlansLink && (
        <Box component="span" sx={{ ml: 1 }}>
          <Link component={RouterLink} to={paths.UserSubscription()} color="inherit" sx={{ fontWeight: 600 }}>
            {t('subscription.trialNotice.seePlans')}
          </Link>
        </Box>
      )}
    </Alert>
  );
  return onDismiss ? (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      {alert}
    </Container>
  ) : (
    alert
  );
}
