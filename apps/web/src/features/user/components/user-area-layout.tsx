import { Box, Container, Typography } from '@mui/material';
import { SectionTabs } from '../../../components/section-tabs';
import { useTranslation } from '../../../lib/i18n';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';

/** The user area: one title, a tab per section (links, so each section has its own URL). */
export default function UserAreaLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sections = [
    { to: paths.UserAccount(), label: t('nav.account') },
    { to: paths.UserSubscription(), label: t('nav.subscription') },
    { to: paths.UserBlockedUsers(), label: t('nav.blockedUsers') },
    { to: paths.UserSettings(), label: t('nav.settings') },
  ];
  const current = sections.find((section) => pathname.startsWith(section.to))?.to ?? false;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('userArea.title')}
      </Typography>
      <SectionTabs sections={sections} current={current} label={t('userArea.sections')} layout="fit" />
      <Box>
        <Outlet />
      </Box>
    </Container>
  );
}
