import { render, screen } from '@testing-library/react';
import { act, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithMessages } from './lazy-with-messages';

describe('lazyWithMessages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the connection instead of failing when asked for while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn(async () => ({ default: () => <p>Loaded part</p> }));
    const Part = lazyWithMessages(load);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
