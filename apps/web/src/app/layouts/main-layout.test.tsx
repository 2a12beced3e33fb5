import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../features/auth/api/get-user';
import { fakeServer, json } from '../../test/fake-server';
import { renderRoutes, resetAppState, wireUser } from '../../features/auth/testing/render';
import { track } from '../../lib/analytics';
import { getAuthStatus, setAuthStatus } from '../../lib/auth-status';
import { camelizeKeys } from '../../lib/case';
import { readCookie } from '../../lib/cookies';
import { handleRequestError } from '../../lib/errors/handle-request-error';
import { queryClient } from '../../lib/query-client';
import MainLayout from './main-layout';

vi.mock('../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));
vi.mock('../../lib/errors/handle-request-error', () => ({ handleRequestError: vi.fn(), onSignedOut: vi.fn() }));

const user = camelizeKeys(wireUser({ name: 'Ada Lovelace', display_name: 'Ada Lovelace', avatar_color: '#2e7d32' }));

function renderMain(path = '/search') {
  return renderRoutes(
    [
      {
        id: 'main',
        loader: () => user,
        Component: MainLayout,
        HydrateFallback: () => null,
        children: [
          { path: '/search', element: <h1>Search page</h1> },
          { path: '/discussions/:id', element: <h1>Discussion page</h1> },
          { path: '/user/account', element: <h1>Account page</h1> },
        ],
      },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
    ],
    path,
  );
}

/**
 * The app bar. Both bars of destinations are in the page (CSS shows the bottom one below 600 px,
 * which jsdom does not apply; the browser tests look at a phone's width).
 */
const appBar = () => within(screen.getByRole('banner'));

beforeEach(() => {
  setAuthStatus('signed-in');
  queryClient.setQueryData(userKeys.all, user);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppState();
});

describe('Main layout', () => {
  it('frames the page: skip link, home link, the four destinations, <main id="main"> and the health note', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 0 } }) });
    renderMain();

    expect(await screen.findByRole('heading', { name: 'Search page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('link', { name: 'Wink Health, home' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Search page' })).toBeInTheDocument();
    const nav = appBar().getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/search', '/discussions', '/collections', '/notifications']);
    expect(within(nav).getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/not medical advice/)).toBeInTheDocument();
  });

  it('marks Discussions as current on a discussion page', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 0 } }) });
    renderMain('/discussions/7');

    await screen.findByRole('heading', { name: 'Discussion page' });
    expect(appBar().getByRole('link', { name: 'Discussions' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the unread count on the Notifications badge, and no badge at 0', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 3 } }) });
    renderMain();

    const link = await within(await screen.findByRole('banner')).findByRole('link', { name: 'Notifications, 3 unread' });
    expect(within(link).getByText('3')).toBeVisible();

    queryClient.setQueryData(['notifications', 'unread-count'], 0);
    expect(await appBar().findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps a failing unread count out of the error dialogs', async () => {
    const server = fakeServer({ 'GET /api/notifications/unread-count': () => json(500, { message: 'Server Error' }) });
    renderMain();

    await waitFor(() => expect(server.callsTo('GET', '/api/notifications/unread-count')).toHaveLength(1));
    await within(await screen.findByRole('banner')).findByRole('link', { name: 'Notifications' });
    expect(handleRequestError).not.toHaveBeenCalled();
  });

  it("opens the user menu from the avatar (the user's colour and initials) with the user area, theme and sign-out", async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 0 } }) });
    renderMain();

    const button = await screen.findByRole('button', { name: 'Account menu' });
    expect(within(button).getByText('AL')).toHaveStyle({ backgroundColor: '#2e7d32' });
    await userEvent.click(button);

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    const links = ['Account', 'Subscription', 'Blocked users', 'Settings', 'Feedback', 'About'];
    for (const name of links) expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/user/account');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Light', 'Dark', 'System']);
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Account' }));
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();
  });

  it('signs out: tracks first, tells the server, forgets everything local and shows sign-in', async () => {
    const server = fakeServer({
      'GET /api/notifications/unread-count': () => json(200, { data: { count: 0 } }),
      'POST /logout': () => json(204),
    });
    document.cookie = 'XSRF-TOKEN=xsrf-1; Path=/';
    document.cookie = 'auth_token=t-1; Path=/';
    localStorage.setItem('draft', 'kept until sign-out');
    sessionStorage.setItem('something', 'x');
    let storageWhenTracked: string | null = 'not tracked';
    vi.mocked(track).mockImplementation(() => {
      storageWhenTracked = localStorage.getItem('draft');
    });
    const { router } = renderMain();

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(track).toHaveBeenCalledWith('user_signed_out');
    expect(storageWhenTracked).toBe('kept until sign-out');
    expect(server.callsTo('POST', '/logout')).toHaveLength(1);
    expect(localStorage.getItem('draft')).toBeNull();
    expect(sessionStorage.getItem('something')).toBeNull();
    expect(readCookie('auth_token')).toBeNull();
    expect(queryClient.getQueryData(userKeys.all)).toBeUndefined();
    expect(getAuthStatus()).toBe('signed-out');
    expect(server.callsTo('GET', '/api/user')).toHaveLength(0);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 0 } }) });
    renderMain();
    await screen.findByRole('button', { name: 'Account menu' });
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    localStorage.setItem('draft', 'x');

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(localStorage.getItem('draft')).toBeNull();
    expect(queryClient.getQueryData(userKeys.all)).toBeUndefined();
  });

  it('has the destinations also in a bottom bar, for phones', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': () => json(200, { data: { count: 5 } }) });
    renderMain();

    await screen.findByRole('heading', { name: 'Search page' });
    const navs = screen.getAllByRole('navigation', { name: 'Main navigation' });
    expect(navs).toHaveLength(2);
    const bottom = navs.find((nav) => !screen.getByRole('banner').contains(nav))!;
    expect(bottom).toBeDefined();
    expect(within(bottom).getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    expect(await within(bottom).findByRole('link', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });
});
