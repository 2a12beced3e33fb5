import { Alert, Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useMaintenance } from '../api/maintenance';

export const ADMIN_SECTIONS = ['plans', 'users', 'reports', 'maintenance'] as const;

/** The console: one title, a tab per section (links, so each has its own URL), and a reminder while maintenance is on. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const maintenance = useMaintenance();
  const root = paths.Admin();
  const sections = [
    { to: root, label: t('admin.nav.overview') },
    ...ADMIN_SECTIONS.map((section) => ({ to: `${root}/${section}`, label: t(`admin.nav.${section}`) })),
  ];
  const current = [...sections].reverse().find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))?.to ?? false;

  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, sm: 2 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('admin.title')}
      </Typography>
      {maintenance.data?.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('admin.maintenanceOnBanner')}
        </Alert>
      )}
      <Box component="nav" aria-label={t('admin.sections')} sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, sm: 3 } }}>
        <Tabs value={current} aria-label={t('admin.sections')} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
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
      <Outlet />
    </Container>
  );
}
