import { Alert, Container, Typography } from '@mui/material';
import { Outlet, useLocation } from 'react-router';
import { SectionTabs } from '../../../components/section-tabs';
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
      <SectionTabs sections={sections} current={current} label={t('admin.sections')} layout="scroll" />
      <Outlet />
    </Container>
  );
}
