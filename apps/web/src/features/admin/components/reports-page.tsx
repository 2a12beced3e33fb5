import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { ReportStatus } from '../api/admin-keys';
import { useReports } from '../api/reports';
import { AdminLoadState } from './load-state';
import { ReportCard } from './report-card';

const STATUSES: ReportStatus[] = ['open', 'actioned', 'dismissed'];

/** The queue: open reports oldest first; actioned and dismissed ones as a record (the status lives in the URL). */
export default function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') as ReportStatus | null;
  const status = asked && STATUSES.includes(asked) ? asked : 'open';
  const reports = useReports(status);
  const open = useReports('open');
  const rows = reports.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h2">{t('admin.reports.heading')}</Typography>
        {open.data && (
          <Typography color="text.secondary" aria-live="polite">
            {t('admin.reports.count', { count: open.data.pages[0]?.meta.total ?? 0 })}
          </Typography>
        )}
      </Stack>
      <Tabs
        value={status}
        onChange={(_, next: ReportStatus) => setParams(next === 'open' ? {} : { status: next }, { replace: true })}
        aria-label={t('admin.reports.heading')}
      >
        {STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`admin.reports.statuses.${s}`)} />
        ))}
      </Tabs>
      {!reports.data ? (
        <AdminLoadState query={reports} />
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t(status === 'open' ? 'admin.reports.empty' : 'admin.reports.emptyResolved')}</Typography>
        </Paper>
      ) : (
        <Stack spacing={2}>
          {rows.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </Stack>
      )}
      {reports.hasNextPage && (
        <Box>
          <Button onClick={() => void reports.fetchNextPage()} disabled={reports.isFetchingNextPage}>
            {t('admin.reports.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
