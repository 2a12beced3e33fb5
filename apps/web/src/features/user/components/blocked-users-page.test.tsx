import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alan, grace, listPage as page } from '../../../test/wire-fixtures';
import { blockedUsersQueryOptions } from '../api/get-blocked-users';
import { fakeServer, json, renderPage } from '../testing/render-page';
import BlockedUsersPage from './blocked-users-page';
import { runFirstViewData } from '../../../test/first-view';

const renderBlocked = () => renderPage(<BlockedUsersPage />, { path: '/user/blocked-users' });

describe('Blocked users page', () => {
  it('lists blocked people with their avatar and name', async () => {
    fakeServer({ 'GET /api/user/blocked-users': () => page([grace, alan]) });
    renderBlocked();

    const list = await screen.findByRole('list', { name: 'Blocked users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'grace' })).toHaveAttribute('href', '/user-profile/g1');
    expect(within(list).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(list).getByText('G')).toBeInTheDocument();
  });

  it('unblocks someone, drops the row and offers an undo', async () => {
    const server = fakeServer({
      'GET /api/user/blocked-users': () => page([grace, alan]),
      'DELETE /api/users/g1/block': () => json(204, null),
      'POST /api/users/g1/block': () => json(204, null),
    });
    renderBlocked();

    await userEvent.click(await screen.findByRole('button', { name: 'Unblock grace' }));

    expect(await screen.findByText('You unblocked grace.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'grace' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'alan' })).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/users/g1/block')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/users/g1/block')).toHaveLength(1));
  });

  it('shows the empty state when nobody is blocked', async () => {
    fakeServer({ 'GET /api/user/blocked-users': () => page([]) });
    renderBlocked();

    expect(await screen.findByText("You haven't blocked anyone")).toBeInTheDocument();
    expect(screen.getByText(/their discussions, comments and notifications disappear for you/)).toBeInTheDocument();
  });

  it('shows the empty state after the last person is unblocked', async () => {
    fakeServer({
      'GET /api/user/blocked-users': () => page([alan]),
      'DELETE /api/users/a2/block': () => json(204, null),
    });
    renderBlocked();

    await userEvent.click(await screen.findByRole('button', { name: 'Unblock alan' }));
    expect(await screen.findByText("You haven't blocked anyone")).toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const server = fakeServer({
      'GET /api/user/blocked-users': (call) => (call.query.get('cursor') === 'c2' ? page([alan]) : page([grace], 'c2')),
    });
    renderBlocked();

    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));

    expect(await screen.findByRole('link', { name: 'alan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(server.calls.map((call) => call.query.get('cursor'))).toEqual([null, 'c2']);
  });
});

describe('Blocked users page: the first view from the server', () => {
  it('holds the first page of blocked people and where the next starts, under the key the page reads', async () => {
    const server = fakeServer({ 'GET /api/user/blocked-users': () => page([grace, alan], 'next-1') });
    const queryClient = await runFirstViewData([BlockedUsersPage], '/user/blocked-users');

    const held = queryClient.getQueryData(blockedUsersQueryOptions().queryKey);
    expect(held?.pages.flatMap((list) => list.data.map((user) => user.displayName))).toEqual(['grace', 'alan']);
    expect(held?.pages[0]?.meta.nextCursor).toBe('next-1');
    expect(server.trail()).toEqual(['GET /api/user/blocked-users']);
  });
});
