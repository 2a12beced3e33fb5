import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import { BackButton } from '../components/back-button';

// A browser router on jsdom's real history, so `history.state.idx` is what the hook sees in the app.
function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    { path: '/discussions', element: <h1>Discussions list</h1> },
    { path: '/search', element: <Link to="/discussions/5">Open discussion 5</Link> },
    {
      path: '/discussions/:id',
      element: (
        <>
          <h1>Discussion</h1>
          <BackButton fallback="/discussions" />
        </>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('back navigation', () => {
  it('goes to the fallback when the page was opened directly', async () => {
    const router = renderAt('/discussions/5');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { name: 'Discussions list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/discussions');
    // Replaced, not pushed: Back from the list does not return to the page just left.
    expect((window.history.state as { idx: number }).idx).toBe(0);
  });

  it('goes back when there is an earlier page of the app', async () => {
    const router = renderAt('/search');

    await userEvent.click(screen.getByRole('link', { name: 'Open discussion 5' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('link', { name: 'Open discussion 5' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
  });
});
