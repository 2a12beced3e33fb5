import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import { Link, Outlet, useLocation } from 'react-router';
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
      <Box component="nav" aria-label={t('userArea.sections')} sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, sm: 3 } }}>
        {/* Every tab in view on every width: on a phone the four share the row (a long label wraps),
            rather than scrolling one half out of sight behind arrows. */}
        <Tabs
          value={current}
          aria-label={t('userArea.sections')}
          sx={{
            '& .MuiTab-root': {
              minWidth: 0,
              // Each as wide as its label needs (a long one wraps at a space), so "Subscription" is never cut.
              flex: { xs: '1 1 auto', sm: '0 0 auto' },
              px: { xs: 0.75, sm: 2 },
              fontSize: { xs: '0.8125rem', sm: undefined },
              whiteSpace: 'normal',
              lineHeight: 1.25,
              textAlign: 'center',
            },
          }}
        >
          {sections.map((section) => (
            <Tab
              key={section.to}
              value={section.to}
              label={section.label}
              component={Link}
              to={section.to}
              aria-current={section.to === current ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Box>
        <Outlet />
      </Box>
    </Container>
  );
}
