import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderAdminPage } from '../testing';
import ReportsPage from './reports-page';

const person = (sid: string, name: string) => ({ sid, name, display_name: name.split(' ')[0], avatar_color: '#1565c0' });
const report = {
  id: '7f1c1f0e-0000-4000-8000-000000000001',
  status: 'open',
  reason: 'misinformation',
  details: 'Stopping insulin is dangerous.',
  target: 'comment',
  discussion: { id: 'd1', title: 'Fasting and diabetes', body: 'Body', access_type: 'public', hidden: false },
  comment: { id: 'c1', body: 'Stop your insulin today!', deleted: false, hidden: false },
  reported_user: { ...person('u1', 'Otto Author'), banned: false },
  reporter: person('u2', 'Rita Reader'),
  created_at: '2026-11-20T10:00:00.000Z',
  resolved_at: null,
};
const page = (data: unknown[]) => json(200, { data, meta: { next_cursor: null, total: data.length } });

describe('admin reports queue', () => {
  it('shows a report with the reported words, who wrote them and who reported them', async () => {
    fakeServer({ 'GET /api/admin/reports': () => page([report]) });
    renderAdminPage(<ReportsPage />, { path: '/admin/reports' });
    const card = await screen.findByRole('article', { name: 'Misinformation: Fasting and diabetes' });
    expect(card).toHaveTextContent('Stop your insulin today!');
    expect(card).toHaveTextContent('Author: Otto Author');
    expect(card).toHaveTextContent('Reported by Rita Reader');
    expect(card).toHaveTextContent('Stopping insulin is dangerous.');
    expect(screen.getByText('1 open report')).toBeInTheDocument();
  });

  it('hides the content, tells the admin, and the queue empties', async () => {
    let open = [report];
    const server = fakeServer({
      'GET /api/admin/reports': (call) => page(call.query.get('status') === 'open' ? open : []),
      [`POST /api/admin/reports/${report.id}/hide`]: () => {
        open = [];
        return json(200, { data: { ...report, status: 'actioned' } });
      },
    });
    renderAdminPage(<ReportsPage />, { path: '/admin/reports' });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide content' }));
    expect(await screen.findByText('The queue is empty. Nothing waits for a decision.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/api/admin/reports/${report.id}/hide`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('0 open reports')).toBeInTheDocument());
  });
});
