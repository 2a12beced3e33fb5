import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, getCurrentNotice } from '../../../lib/notices';
import { fakeServer, json, renderRoute } from './members-testing';
import { ReportDialog } from './report-dialog';

afterEach(() => clearNotices());

function renderDialog(target: Parameters<typeof ReportDialog>[0]['target']) {
  const onClose = vi.fn();
  renderRoute(<ReportDialog open onClose={onClose} target={target} />, { path: '/', url: '/' });
  return onClose;
}

describe('Report dialog', () => {
  it('sends the reason and details for a comment, then thanks the person and closes', async () => {
    const server = fakeServer({
      'POST /api/comments/c9/report': () =>
        json(201, { data: { id: 'rep1', reason: 'harassment', created_at: '2026-02-01T10:00:00.000Z' } }),
    });
    const onClose = renderDialog({ kind: 'comment', commentId: 'c9' });

    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Harassment' })).toHaveAccessibleDescription(/Insults, threats/);

    await userEvent.click(screen.getByRole('radio', { name: 'Harassment' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Details (optional)' }), 'Name-calling');
    expect(dialog).toHaveTextContent('12 / 1000');
    await userEvent.click(send);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.callsTo('POST', '/api/comments/c9/report').map((call) => call.body)).toEqual([
      { reason: 'harassment', details: 'Name-calling' },
    ]);
    expect(getCurrentNotice()?.message).toBe('Thanks, a moderator will review it.');
  });

  it('shows the server sentence in the dialog when the discussion was already reported', async () => {
    const server = fakeServer({
      'POST /api/discussions/d1/report': () =>
        json(422, { message: 'You have already reported this.', errors: { reason: ['You have already reported this.'] } }),
    });
    const onClose = renderDialog({ kind: 'discussion', discussionId: 'd1' });

    expect(screen.getByRole('dialog', { name: 'Report this discussion' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('You have already reported this.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/discussions/d1/report').map((call) => call.body)).toEqual([{ reason: 'spam' }]);
    expect(onClose).not.toHaveBeenCalled();
    expect(getCurrentNotice()).toBeNull();
  });

  it('keeps the details within 1000 characters', async () => {
    fakeServer({});
    renderDialog({ kind: 'discussion', discussionId: 'd1' });

    const details = screen.getByRole('textbox', { name: 'Details (optional)' });
    await userEvent.click(details);
    await userEvent.paste('x'.repeat(1005));
    expect(details).toHaveValue('x'.repeat(1000));
    expect(screen.getByText('1000 / 1000')).toBeInTheDocument();
  });
});
