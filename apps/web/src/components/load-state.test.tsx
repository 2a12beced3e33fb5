import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadState, type QueryState } from './load-state';

const query = (state: Partial<QueryState> = {}): QueryState => ({ isPending: false, isError: false, refetch: vi.fn(), ...state });

function List({ state, isEmpty }: { state: QueryState; isEmpty: boolean }) {
  return (
    <LoadState query={state} loading={<p>Skeleton</p>} errorMessage="The list did not load." isEmpty={isEmpty} empty={<p>Nothing yet</p>}>
      <ul aria-label="Items" />
    </LoadState>
  );
}

describe('LoadState', () => {
  it('shows what stands in for the content while the first answer is on its way', () => {
    render(<List state={query({ isPending: true })} isEmpty />);
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says what failed, and its button asks again', async () => {
    const failed = query({ isError: true });
    render(<List state={failed} isEmpty />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list did not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('keeps the content on screen when only a later page failed', () => {
    render(<List state={query({ isError: true })} isEmpty={false} />);
    expect(screen.getByRole('list', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty state when the answer holds nothing, the content otherwise', () => {
    const { rerender } = render(<List state={query()} isEmpty />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    rerender(<List state={query()} isEmpty={false} />);
    expect(screen.getByRole('list', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
  });

  it('with a title, fills the place of the content with a heading and a retry button', () => {
    render(<LoadState query={query({ isError: true })} loading={null} errorTitle="Search failed" errorMessage="Try again in a moment." />);
    expect(screen.getByRole('heading', { name: 'Search failed' })).toBeInTheDocument();
    expect(screen.getByText('Try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
