import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import UserAreaLayout from './user-area-layout';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/user', element: <UserAreaLayout />, children: [{ path: '*', element: <p>Section content</p> }] }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('User area layout', () => {
  it('links to the four sections and marks the current one', () => {
    renderAt('/user/blocked-users');

    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    const links = within(nav).getAllByRole('tab');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Account', '/user/account'],
      ['Subscription', '/user/subscription'],
      ['Blocked users', '/user/blocked-users'],
      ['Settings', '/user/settings'],
    ]);
    expect(within(nav).getByRole('tab', { name: 'Blocked users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('tab', { name: 'Account' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Section content')).toBeInTheDocument();
  });
});
