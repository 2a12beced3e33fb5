import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import SearchPage from './search-page';

function renderSearch(url: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Search page (before results arrive)', () => {
  it('explains what can be searched when there is no term', () => {
    renderSearch('/search');

    expect(screen.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What would you like to know?' })).toBeInTheDocument();
  });

  it('keeps the term in the `q` URL key, leaving the other keys alone', async () => {
    const router = renderSearch('/search?sri_id=12&mo=1&t=article');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search term' }), 'migraine');

    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('migraine');
    expect(params.get('sri_id')).toBe('12');
    expect(params.get('t')).toBe('article');
    expect(screen.getByRole('heading', { name: 'No articles match yet' })).toBeInTheDocument();
    expect(screen.getByText(/“migraine”/)).toBeInTheDocument();
  });

  it('restores the term from a shared link and clears it', async () => {
    const router = renderSearch('/search?q=sleep%20apnea');

    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveValue('sleep apnea');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));

    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search term' })).toHaveFocus();
    expect(new URLSearchParams(router.state.location.search).has('q')).toBe(false);
  });
});
