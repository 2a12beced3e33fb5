import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import CommentPage from '../features/discussions/components/comment-page';
import DiscussionsPage from '../features/discussions/components/discussions-page';
import NotificationsPage from '../features/notifications/components/notifications-page';
import NotFoundPage from './not-found-page';

const renderAt = (element: React.ReactElement) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/somewhere'] })} />);

describe('not-found page and empty states', () => {
  it('says the page does not exist and links home', () => {
    renderAt(<NotFoundPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/search');
  });

  it('discussions: an empty list with a way to start one', () => {
    renderAt(<DiscussionsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Discussions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No discussions yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a discussion' })).toHaveAttribute('href', '/discussions/create-discussion');
  });

  it('a discussion that cannot be shown says so without telling why', () => {
    renderAt(<CommentPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'This discussion does not exist or you cannot see it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('notifications: all caught up', () => {
    renderAt(<NotificationsPage />);

    expect(screen.getByRole('heading', { level: 2, name: 'You’re all caught up' })).toBeInTheDocument();
  });
});
