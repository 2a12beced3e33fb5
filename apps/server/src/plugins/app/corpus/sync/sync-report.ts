import type { CorpusSyncSource } from '../../../../db/schema/index';
import type { SyncStatus } from './corpus-sync';
import type { SyncSummary } from './sync-state';

const LABEL: Record<CorpusSyncSource, string> = { pubmed: 'PubMed', medlineplus: 'MedlinePlus' };

const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '-');

/** The figures a source reports (MedlinePlus retires topics; PubMed flags retractions). */
function figures(source: CorpusSyncSource, s: Pick<SyncSummary, 'added' | 'changed' | 'retracted' | 'retired' | 'failed'>): string {
  const parts = [`${s.added} added`, `${s.changed} changed`];
  parts.push(source === 'pubmed' ? `${s.retracted} retracted` : `${s.retired} retired`);
  parts.push(`${s.failed} failed`);
  return parts.join(', ');
}

/** What sync:pubmed and sync:medlineplus print when they end. */
export function formatSyncSummary(source: CorpusSyncSource, s: SyncSummary): string {
  const head = `${LABEL[source]} sync ${s.status}${s.resumed ? ' (resumed where the last run stopped)' : ''}: ${figures(source, s)}.`;
  if (!s.error) return head;
  return `${head}\n${s.error}\n${source === 'pubmed' ? 'The next run resumes where this one stopped.' : 'The next run starts over.'}`;
}

/** sync:status: one block per source. */
export function formatSyncStatus(rows: SyncStatus[]): string {
  return rows
    .map((row) => {
      const lines = [
        `${LABEL[row.source]}: ${row.enabled ? `scheduled ${row.schedule} (UTC)` : 'not configured (nothing is contacted)'}`,
        `  last run   ${row.status === 'never' ? 'never' : `${when(row.lastRunAt)}, ${row.status}`}`,
        `  figures    ${figures(row.source, row)}`,
        `  next run   ${when(row.nextRunAt)}`,
      ];
      if (row.error) lines.push(`  error      ${row.error}`);
      return lines.join('\n');
    })
    .join('\n\n');
}
