import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { showNotice } from '../../../lib/notices';
import type { AdminReport } from '../api/admin-keys';
import { useReportAction, type ReportAction } from '../api/reports';

const DONE: Record<ReportAction, 'admin.reports.hiddenDone' | 'admin.reports.dismissedDone' | 'admin.reports.bannedDone'> = {
  hide: 'admin.reports.hiddenDone',
  dismiss: 'admin.reports.dismissedDone',
  'ban-author': 'admin.reports.bannedDone',
};

/** One report with the content it is about, and, while open, the three decisions. */
export function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const act = useReportAction();
  const content = report.comment ?? report.discussion;
  const hidden = report.comment ? report.comment.hidden : report.discussion.hidden;
  const author = report.reportedUser;
  const decide = (action: ReportAction) =>
    act.mutate({ id: report.id, action }, { onSuccess: () => showNotice({ severity: 'success', message: t(DONE[action]) }) });

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={`${t(`admin.reports.reasons.${report.reason}`)}: ${report.discussion.title}`}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Chip size="small" color="warning" label={t(`admin.reports.reasons.${report.reason}`)} />
        {report.status !== 'open' && <Chip size="small" label={t(`admin.reports.statuses.${report.status}`)} />}
        {hidden && <Chip size="small" color="error" variant="outlined" label={t('admin.reports.hidden')} />}
        {report.comment?.deleted && <Chip size="small" variant="outlined" label={t('admin.reports.deleted')} />}
        <Typography variant="body2" color="text.secondary">
          {t('admin.reports.filed', { date: report.createdAt })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {report.comment ? t('admin.reports.comment', { title: report.discussion.title }) : t('admin.reports.discussion')}
      </Typography>
      {!report.comment && (
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
          {report.discussion.title}
        </Typography>
      )}
      <Box
        component="blockquote"
        sx={{
          m: 0,
          mb: 1.5,
          pl: 1.5,
          borderLeft: 3,
          borderColor: 'divider',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          maxHeight: 160,
          overflow: 'auto',
        }}
      >
        {content.body || '—'}
      </Box>
      {report.details && (
        <Alert severity="info" icon={false} sx={{ mb: 1.5 }}>
          <strong>{t('admin.reports.details')}:</strong> {report.details}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ mb: report.status === 'open' ? 1.5 : 0 }}>
        <Typography variant="body2">
          {author ? (
            <>
              {t('admin.reports.author', { name: author.name })}
              {author.banned && ` (${t('admin.reports.authorBanned')})`}
            </>
          ) : (
            t('admin.reports.authorGone')
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.reports.reportedBy', { name: report.reporter.name })}
        </Typography>
        {!report.discussion.hidden && (
          <Link component={RouterLink} to={paths.DiscussionsShow(report.discussion.id)} variant="body2">
            {t('admin.reports.view')}
          </Link>
        )}
      </Stack>
      {report.status === 'open' && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" color="error" size="small" disabled={act.isPending} onClick={() => decide('hide')}>
            {t('admin.reports.hide')}
          </Button>
          <Button variant="outlined" size="small" disabled={act.isPending} onClick={() => decide('dismiss')}>
            {t('admin.reports.dismiss')}
          </Button>
          {author && !author.banned && (
            <Button variant="outlined" color="error" size="small" disabled={act.isPending} onClick={() => decide('ban-author')}>
              {t('admin.reports.banAuthor')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
