import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickOutsideDialog, pressEscape } from './dialog-test-utils';
import MaintenanceDialog from './maintenance-dialog';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the countdown run for `seconds`, one tick at a time as a person would see it. */
async function wait(seconds: number) {
  for (let i = 0; i < seconds; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
}

async function press(button: HTMLElement) {
  fireEvent.click(button);
  // The GET resolves on the microtask queue; let it and the re-render land.
  await act(() => vi.advanceTimersByTimeAsync(0));
}

const retryButton = () => screen.getByRole('button', { name: /try again/i });

describe('MaintenanceDialog', () => {
  it('tells the person what is happening and counts down from Retry-After, disabled above zero', async () => {
    render(<MaintenanceDialog retryAfterSeconds={3} onRecovered={() => {}} />);

    expect(screen.getByRole('alertdialog', { name: 'Down for maintenance' })).toHaveTextContent(/will be back shortly/);
    expect(retryButton()).toHaveTextContent('Try again in 3 seconds');
    expect(retryButton()).toBeDisabled();

    await wait(1);
    expect(retryButton()).toHaveTextContent('Try again in 2 seconds');
    await wait(1);
    expect(retryButton()).toHaveTextContent('Try again in 1 second');
    expect(retryButton()).toBeDisabled();
    await wait(1);
    expect(retryButton()).toHaveTextContent(/^Try again$/);
    expect(retryButton()).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You can try again now.');

    await wait(5);
    expect(retryButton()).toHaveTextContent(/^Try again$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts at 60 seconds by default (the catalogue passes 60 when Retry-After is missing)', () => {
    render(<MaintenanceDialog retryAfterSeconds={60} onRecovered={() => {}} />);
    expect(retryButton()).toHaveTextContent('Try again in 60 seconds');
  });

  it('asks the API root when pressed and reports recovery when it answers ok', async () => {
    const onRecovered = vi.fn();
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));
    render(<MaintenanceDialog retryAfterSeconds={1} onRecovered={onRecovered} />);
    await wait(1);

    await press(retryButton());

    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/');
    expect(init?.method).toBe('GET');
    expect(onRecovered).toHaveBeenCalledOnce();
  });

  it("restarts the countdown from a 503's maintenance.retry_after", async () => {
    const onRecovered = vi.fn();
    fetchMock.mockResolvedValue(jsonResponse(503, { message: 'Down', maintenance: { retry_after: 5 } }));
    render(<MaintenanceDialog retryAfterSeconds={1} onRecovered={onRecovered} />);
    await wait(1);

    await press(retryButton());

    expect(onRecovered).not.toHaveBeenCalled();
    expect(retryButton()).toHaveTextContent('Try again in 5 seconds');
    expect(retryButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Still under maintenance');
    await wait(1);
    expect(retryButton()).toHaveTextContent('Try again in 4 seconds');
  });

  it.each([
    ['missing', { message: 'Down', maintenance: {} }],
    ['invalid', { message: 'Down', maintenance: { retry_after: 'later' } }],
    ['negative', { message: 'Down', maintenance: { retry_after: -3 } }],
  ])('restarts from 60 when retry_after is %s', async (_case, body) => {
    fetchMock.mockResolvedValue(jsonResponse(503, body));
    render(<MaintenanceDialog retryAfterSeconds={0} onRecovered={() => {}} />);

    await press(retryButton());

    expect(retryButton()).toHaveTextContent('Try again in 60 seconds');
  });

  it('restarts from 60 when the check gets no answer at all', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<MaintenanceDialog retryAfterSeconds={0} onRecovered={() => {}} />);

    await press(retryButton());

    expect(retryButton()).toHaveTextContent('Try again in 60 seconds');
  });

  it('cannot be dismissed with Escape or a click outside', async () => {
    const onRecovered = vi.fn();
    render(<MaintenanceDialog retryAfterSeconds={10} onRecovered={onRecovered} />);
    pressEscape();
    clickOutsideDialog();
    await wait(1);

    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onRecovered).not.toHaveBeenCalled();
  });
});
