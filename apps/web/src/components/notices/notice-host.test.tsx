import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { handleRequestError } from '../../lib/errors/handle-request-error';
import { reloadPage } from '../../lib/errors/reload-page';
import { clearNotices, showNotice } from '../../lib/notices';
import { NoticeHost } from './notice-host';

vi.mock('../../lib/errors/reload-page', () => ({ reloadPage: vi.fn() }));

function apiError(status: number, statusText = '', data: ApiError['data'] = {}) {
  return new ApiError(status, statusText, data, new Headers());
}

/** Lets the lazily loaded snackbar arrive and timers run, as if `ms` passed. */
async function pass(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

beforeAll(async () => {
  // Warm the module cache so the lazy chunk resolves within one flush under fake timers.
  await import('./notice-snackbar');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(reloadPage).mockClear();
});

afterEach(() => {
  act(() => clearNotices());
  vi.useRealTimers();
});

describe('NoticeHost', () => {
  it('shows the session-expired notice of a 419 until the page is reloaded, with a Reload action', async () => {
    render(<NoticeHost />);
    act(() => handleRequestError(apiError(419, '', { message: 'CSRF token mismatch.' })));
    await pass(0);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your session has expired. Please reload your page and try again.');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

    await pass(60_000);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('shows a 404 as its status line and hides it after 6 seconds', async () => {
    render(<NoticeHost />);
    act(() => handleRequestError(apiError(404, 'Not Found')));
    await pass(0);
    expect(screen.getByRole('alert')).toHaveTextContent('404 Not Found');

    await pass(5_900);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await pass(200);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a 422's message from the response body", async () => {
    render(<NoticeHost />);
    act(() => handleRequestError(apiError(422, 'Unprocessable Entity', { message: 'The title may not be longer than 200 characters.' })));
    await pass(0);
    expect(screen.getByRole('alert')).toHaveTextContent('The title may not be longer than 200 characters.');
  });

  it('shows one notice at a time, the next when the first is dismissed', async () => {
    render(<NoticeHost />);
    act(() => {
      handleRequestError(apiError(403, 'Forbidden', { message: 'Only the owner can invite.' }));
      handleRequestError(apiError(429, ''));
    });
    await pass(0);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Only the owner can invite.');

    screen.getByRole('button', { name: 'Dismiss' }).click();
    await pass(0);
    expect(screen.getByRole('alert')).toHaveTextContent('429 Too Many Requests');
  });

  it('announces good news politely (role status)', async () => {
    render(<NoticeHost />);
    act(() => void showNotice({ severity: 'success', message: 'Settings saved.' }));
    await pass(0);
    expect(screen.getByRole('status')).toHaveTextContent('Settings saved.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
