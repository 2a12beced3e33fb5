import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../features/auth/api/get-user';
import { fakeServer, json } from '../../test/fake-server';
import { renderRoutes, resetAppState, wireUser } from '../../features/auth/testing/render';
import { unreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import { setAuthStatus } from '../../lib/auth-status';
import { camelizeKeys } from '../../lib/case';
import { queryClient } from '../../lib/query-client';
import AuthAwareLayout from './auth-aware-layout';
import BasicLayout from './basic-layout';
import { runFirstViewData } from '../../test/first-view';

vi.mock('../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

afterEach(resetAppState);

const user = camelizeKeys(wireUser());

function renderShared(loaderUser: typeof user | null) {
  return renderRoutes(
    [
      {
        path: '/shared/:collectionHash',
        loader: () => loaderUser,
        Component: AuthAwareLayout,
        HydrateFallback: () => null,
        children: [{ index: true, element: <h1>Shared collection</h1> }],
      },
    ],
    '/shared/abc123',
  );
}

describe('Auth-aware layout (shared collections)', () => {
  it('offers a guest Sign in and Create account, both leading back to the collection', async () => {
    fakeServer({});
    renderShared(null);

    expect(await screen.findByRole('heading', { name: 'Shared collection' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?redirect=%2Fshared%2Fabc123');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register?redirect=%2Fshared%2Fabc123');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('shows the main app bar to a signed-in visitor', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 2 } }) });
    setAuthStatus('signed-in');
    queryClient.setQueryData(userKeys.all, user);
    renderShared(user);

    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(await within(await screen.findByRole('banner')).findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('Auth-aware layout: the first view from the server', () => {
  const declared = () => runFirstViewData([AuthAwareLayout], '/shared/abc123', { queryClient });

  it("fetches a signed-in visitor's unread badge before the one render", async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 2 } }) });
    setAuthStatus('signed-in');
    queryClient.setQueryData(userKeys.all, user);
    await declared();

    expect(queryClient.getQueryData(unreadCountQueryOptions().queryKey)).toBe(2);
  });

  it('asks for nothing for a guest', async () => {
    const server = fakeServer({});
    setAuthStatus('signed-out');
    await declared();

    expect(server.calls).toHaveLength(0);
  });
});

describe('Basic layout', () => {
  it('puts the page in one card under the brand', () => {
    renderRoutes([{ Component: BasicLayout, children: [{ path: '/sign-in', element: <h1>Sign in</h1> }] }], '/sign-in');

    expect(screen.getByRole('link', { name: 'Wink Health, home' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Sign in' }));
  });
});
