import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DiscussionUnavailable } from '../features/discussions/components/discussion-unavailable';
import NotFoundPage from './not-found-page';

const renderAt = (element: React.ReactElement) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/somewhere'] })} />);

describe('not-found page and empty states', () => {
  it('says the page does not exist and links home', () => {
    renderAt(<NotFoundPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/search');
  });

  it('a discussion that cannot be shown says so without telling why', () => {
    renderAt(<DiscussionUnavailable />);

    expect(screen.getByRole('heading', { level: 1, name: 'This discussion does not exist or you cannot see it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
