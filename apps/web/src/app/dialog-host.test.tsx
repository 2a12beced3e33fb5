import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pressEscape } from '../components/dialogs/dialog-test-utils';
import { closeDialog, getOpenDialog, openDialog } from '../lib/dialogs';
import { reloadPage } from '../lib/errors/reload-page';
import { DialogHost } from './dialog-host';

vi.mock('../lib/errors/reload-page', () => ({ reloadPage: vi.fn() }));

// The subscription dialog is another module's work; here only its wiring matters.
vi.mock('../features/subscriptions/components/subscription-dialog', () => ({
  default: ({ ability, leaderOnly, onClose }: { ability: string; leaderOnly?: boolean; onClose: () => void }) => (
    <div role="dialog" aria-label={`Plans for ${ability}${leaderOnly ? ', leader only' : ''}`}>
      <button onClick={onClose}>Close plans</button>
    </div>
  ),
}));

let queryClient: QueryClient;

function renderHost(props: { routeFailed?: boolean } = {}) {
  return render(
    <QueryClientProvider client={queryClient}>
      <DialogHost {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.mocked(reloadPage).mockClear();
});

afterEach(() => {
  const open = getOpenDialog();
  if (open) act(() => closeDialog(open.kind));
  vi.unstubAllGlobals();
});

describe('DialogHost', () => {
  it('shows nothing while no dialog is open', () => {
    const { container } = renderHost();
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the offline warning at once when the browser goes offline, keeps it through Escape and outside clicks, closes it online', async () => {
    renderHost();
    act(() => void window.dispatchEvent(new Event('offline')));
    const offline = screen.getByRole('alertdialog', { name: 'You are offline' });

    pressEscape();
    fireEvent.mouseDown(offline.parentElement!);
    fireEvent.click(offline.parentElement!);
    expect(screen.getByRole('alertdialog', { name: 'You are offline' })).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the offline warning at start when the browser is already offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderHost();
    expect(screen.getByRole('alertdialog', { name: 'You are offline' })).toBeInTheDocument();
  });

  it('shows one dialog at a time: a higher one replaces, a lower one is dropped', async () => {
    renderHost();
    act(() => void openDialog({ kind: 'subscription', ability: 'write', leaderOnly: true }));
    expect(await screen.findByRole('dialog', { name: 'Plans for write, leader only' })).toBeInTheDocument();

    act(() => void openDialog({ kind: 'network' }));
    expect(await screen.findByRole('alertdialog', { name: 'NETWORK ERROR' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Plans/ })).not.toBeInTheDocument();

    act(() => void openDialog({ kind: 'api-error', status: 500, statusText: 'Internal Server Error' }));
    act(() => void openDialog({ kind: 'subscription', ability: 'read' }));
    expect(screen.getByRole('alertdialog', { name: 'NETWORK ERROR' })).toBeInTheDocument();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it('closes the API Error dialog with Close', async () => {
    renderHost();
    act(() => void openDialog({ kind: 'api-error', status: 500, statusText: 'Internal Server Error' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'API Error' });
    expect(dialog).toHaveTextContent('Status: 500 Internal Server Error');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(getOpenDialog()).toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('passes the subscription request to the subscription dialog and closes it when asked', async () => {
    renderHost();
    act(() => void openDialog({ kind: 'subscription', ability: 'read' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close plans' }));
    expect(getOpenDialog()).toBeNull();
  });

  it("'Try again' on NETWORK ERROR closes it and refetches what failed", async () => {
    await queryClient.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(new Error('no answer')) });
    await queryClient.prefetchQuery({ queryKey: ['fine'], queryFn: () => 'ok' });
    expect(queryClient.getQueryState(['failed'])?.status).toBe('error');

    renderHost();
    act(() => void openDialog({ kind: 'network' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(getOpenDialog()).toBeNull();
    await waitFor(() => expect(queryClient.getQueryState(['failed'])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['fine'])?.isInvalidated).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('when the maintenance is over, closes the dialog, and reloads if the page itself had failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'ok' }), { headers: { 'Content-Type': 'application/json' } })),
    );
    renderHost({ routeFailed: true });
    act(() => void openDialog({ kind: 'maintenance', retryAfterSeconds: 0 }));
    expect(await screen.findByRole('alertdialog', { name: 'Down for maintenance' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(getOpenDialog()).toBeNull());
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('restarts the countdown when a later 503 brings another Retry-After', async () => {
    renderHost();
    act(() => void openDialog({ kind: 'maintenance', retryAfterSeconds: 30 }));
    expect(await screen.findByRole('button', { name: 'Try again in 30 seconds' })).toBeDisabled();
    act(() => void openDialog({ kind: 'maintenance', retryAfterSeconds: 90 }));
    expect(await screen.findByRole('button', { name: 'Try again in 90 seconds' })).toBeDisabled();
  });
});
