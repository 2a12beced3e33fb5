import { Alert, Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/i18n';
import type { AdminCorpusSync } from '../api/admin-keys';
import { useCorpusSync } from '../api/corpus-sync';
import { AdminLoadState } from './load-state';

const STATUS_COLOR = { never: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

function SyncRow({ sync }: { sync: AdminCorpusSync }) {
  const { t } = useTranslation();
  const when = (date: string | null) => (date ? t('admin.corpusSync.at', { date: new Date(date) }) : '—');
  // PubMed flags retracted papers; MedlinePlus retires topics it no longer publishes.
  const removed = sync.source === 'pubmed' ? sync.retracted : sync.retired;
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Typography sx={{ fontWeight: 600 }}>{t(`admin.corpusSync.source.${sync.source}`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {sync.enabled ? t('admin.corpusSync.schedule', { cron: sync.schedule }) : t('admin.corpusSync.notConfigured')}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" color={STATUS_COLOR[sync.status]} label={t(`admin.corpusSync.status.${sync.status}`)} />
        <Typography variant="body2" color="text.secondary">
          {when(sync.lastRunAt)}
        </Typography>
      </TableCell>
      <TableCell align="right">{sync.added.toLocaleString('en')}</TableCell>
      <TableCell align="right">{sync.changed.toLocaleString('en')}</TableCell>
      <TableCell align="right">
        {t(sync.source === 'pubmed' ? 'admin.corpusSync.retractedCount' : 'admin.corpusSync.retiredCount', { count: removed })}
      </TableCell>
      <TableCell align="right">{sync.failed.toLocaleString('en')}</TableCell>
      <TableCell>{when(sync.nextRunAt)}</TableCell>
    </TableRow>
  );
}

/**
 * How the corpus follows PubMed and MedlinePlus, one row per source: the last run and its figures,
 * and the next scheduled run (the same as `npm run cli -- sync:status`).
 */
export function CorpusSyncTable() {
  const { t } = useTranslation();
  const syncs = useCorpusSync();
  return (
    <Box component="section" aria-labelledby="corpus-sync-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="corpus-sync-heading" variant="h2">
        {t('admin.corpusSync.heading')}
      </Typography>
      <Typography color="text.secondary">{t('admin.corpusSync.intro')}</Typography>
      {syncs.data ? (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby="corpus-sync-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin.corpusSync.sourceColumn')}</TableCell>
                  <TableCell>{t('admin.corpusSync.lastRun')}</TableCell>
                  <TableCell align="right">{t('admin.corpusSync.added')}</TableCell>
                  <TableCell align="right">{t('admin.corpusSync.changed')}</TableCell>
                  <TableCell align="right">{t('admin.corpusSync.removed')}</TableCell>
                  <TableCell align="right">{t('admin.corpusSync.failed')}</TableCell>
                  <TableCell>{t('admin.corpusSync.nextRun')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {syncs.data.map((sync) => (
                  <SyncRow key={sync.source} sync={sync} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {syncs.data
            .filter((sync) => sync.error)
            .map((sync) => (
              <Alert key={sync.source} severity="warning">
                {t('admin.corpusSync.error', { source: t(`admin.corpusSync.source.${sync.source}`), error: sync.error })}
              </Alert>
            ))}
        </>
      ) : (
        <AdminLoadState query={syncs} />
      )}
    </Box>
  );
}
