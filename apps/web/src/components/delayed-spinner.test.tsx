import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedSpinner } from './delayed-spinner';

afterEach(() => {
  vi.useRealTimers();
});

describe('DelayedSpinner', () => {
  it('appears only after 500 ms', () => {
    vi.useFakeTimers();
    render(<DelayedSpinner />);
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('never appears when unmounted before the delay (the load finished in time)', () => {
    vi.useFakeTimers();
    const { unmount } = render(<DelayedSpinner label="Loading plans…" />);
    act(() => vi.advanceTimersByTime(300));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
