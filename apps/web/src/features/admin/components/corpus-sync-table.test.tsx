import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderAdminPage } from '../testing';
import { CorpusSyncTable } from './corpus-sync-table';

const pubmed = {
  source: 'pubmed',
  enabled: true,
  schedule: '0 3 * * *',
  status: 'completed',
  last_run_at: '2026-11-27T03:00:04.000Z',
  finished_at: '2026-11-27T03:41:10.000Z',
  added: 1250,
  changed: 84,
  retracted: 2,
  retired: 0,
  failed: 0,
  error: null,
  next_run_at: '2026-11-28T03:00:00.000Z',
};
const medlineplus = {
  ...pubmed,
  source: 'medlineplus',
  enabled: false,
  schedule: '0 4 * * 0',
  status: 'never',
  last_run_at: null,
  finished_at: null,
  added: 0,
  changed: 0,
  retracted: 0,
  next_run_at: null,
};

describe('corpus sync rows', () => {
  it('shows each source’s last run, added, changed, retracted, failed and next run', async () => {
    fakeServer({ 'GET /api/admin/corpus-sync': () => json(200, { data: [pubmed, medlineplus] }) });
    renderAdminPage(<CorpusSyncTable />, { path: '/admin/maintenance' });

    const table = await screen.findByRole('table', { name: 'Corpus sync' });
    const [, pubmedRow, medlinePlusRow] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(within(pubmedRow!).getByRole('rowheader')).toHaveTextContent('PubMedScheduled 0 3 * * * (UTC)');
    expect(cells(pubmedRow!)).toEqual([
      expect.stringMatching(/^Completed.*2026/),
      '1,250',
      '84',
      '2 retracted',
      '0',
      expect.stringMatching(/2026/),
    ]);
    expect(within(medlinePlusRow!).getByRole('rowheader')).toHaveTextContent('MedlinePlusNot configured: nothing is contacted');
    expect(cells(medlinePlusRow!)).toEqual(['Never run—', '0', '0', '0 retired', '0', '—']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what went wrong in a failed run', async () => {
    const failed = { ...pubmed, status: 'failed', failed: 1, error: 'eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi answered 503' };
    fakeServer({ 'GET /api/admin/corpus-sync': () => json(200, { data: [failed, medlineplus] }) });
    renderAdminPage(<CorpusSyncTable />, { path: '/admin/maintenance' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'PubMed, last run: eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi answered 503',
    );
    expect(
      within(screen.getByRole('table', { name: 'Corpus sync' })).getByText('Failed', { selector: '.MuiChip-label' }),
    ).toBeInTheDocument();
  });
});
