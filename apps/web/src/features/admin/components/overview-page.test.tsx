import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, renderAdminPage, wireStats } from '../testing';
import OverviewPage from './overview-page';

describe('admin overview', () => {
  it('shows the totals and one chart per series, each described for screen readers', async () => {
    fakeServer({ 'GET /api/admin/stats': () => json(200, wireStats(30)) });
    renderAdminPage(<OverviewPage />, { path: '/admin' });

    const totals = await screen.findByRole('region', { name: 'Totals now' });
    expect(within(totals).getByText('1,234')).toBeInTheDocument();
    expect(within(totals).getByText('Open reports')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sign-ups: 38 in total, at most 9 on one day (Nov 6).' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Searches: nothing in this period.' })).toBeInTheDocument();
    const plans = screen.getByRole('figure', { name: 'Active subscriptions by plan' });
    expect(within(plans).getByText('329 at the end of the period')).toBeInTheDocument();
    expect(within(plans).getByText('Leader: 229')).toBeInTheDocument();
  });

  it('asks for the chosen period and keeps it in the URL', async () => {
    const server = fakeServer({ 'GET /api/admin/stats': (call) => json(200, wireStats(Number(call.query.get('days')))) });
    const { router } = renderAdminPage(<OverviewPage />, { path: '/admin' });
    await screen.findByRole('region', { name: 'Totals now' });
    expect(server.calls.at(-1)?.query.get('days')).toBe('30');

    await userEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=90'));
    await waitFor(() => expect(server.calls.at(-1)?.query.get('days')).toBe('90'));
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    fakeServer({ 'GET /api/admin/stats': () => (fail ? json(500, { message: 'Server Error.' }) : json(200, wireStats())) });
    renderAdminPage(<OverviewPage />, { path: '/admin' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Totals now' })).toBeInTheDocument();
  });
});
