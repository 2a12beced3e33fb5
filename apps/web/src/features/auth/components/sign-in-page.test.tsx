import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { getAuthStatus } from '../../../lib/auth-status';
import { handleRequestError } from '../../../lib/errors/handle-request-error';
import { queryClient } from '../../../lib/query-client';
import { userKeys } from '../api/get-user';
import { fakeServer, json } from '../../../test/fake-server';
import { renderRoutes, resetAppState, wireUser } from '../testing/render';
import SignInPage from './sign-in-page';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));
vi.mock('../../../lib/errors/handle-request-error', () => ({ handleRequestError: vi.fn(), onSignedOut: vi.fn() }));

afterEach(resetAppState);

function renderSignIn(url = '/sign-in', state?: unknown) {
  const [pathname = '/sign-in', search = ''] = url.split('?');
  return renderRoutes(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/search', element: <h1>Search home</h1> },
      { path: '/discussions/:id', element: <h1>A discussion</h1> },
      { path: '/register', element: <h1>Register page</h1> },
    ],
    { pathname, search: search ? `?${search}` : '', state },
  );
}

function serverWithAccount(loginAnswer: () => Response = () => json(200, { data: wireUser() })) {
  return fakeServer({
    'POST /check-email': (call) => json(200, { data: { exists: call.body.email === 'ada@example.com' } }),
    'POST /login': loginAnswer,
    'GET /api/user': () => json(200, { data: wireUser() }),
  });
}

async function enterEmail(email: string) {
  await userEvent.type(screen.getByLabelText(/E-mail address/), email);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('Sign-in page', () => {
  it('asks for the e-mail, then the password, and lands on the page first asked for', async () => {
    const server = serverWithAccount();
    const { router } = renderSignIn(`/sign-in?redirect=${encodeURIComponent('/discussions/42?tab=members')}`);

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await enterEmail('ada@example.com');

    const password = await screen.findByLabelText(/^Password/);
    expect(screen.getByText('Signing in as')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.type(password, 'correct horse');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'A discussion' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/discussions/42?tab=members');
    expect(server.trail()).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /check-email',
      'GET /sanctum/csrf-cookie',
      'POST /login',
      'GET /api/user',
    ]);
    expect(server.callsTo('POST', '/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse', remember: '1' });
    expect(getAuthStatus()).toBe('signed-in');
    expect(queryClient.getQueryData(userKeys.all)).toMatchObject({ email: 'ada@example.com' });
    expect(track).toHaveBeenCalledWith('user_signed_in');
  });

  it('ignores a redirect to another site and goes home', async () => {
    serverWithAccount();
    const { router } = renderSignIn(`/sign-in?redirect=${encodeURIComponent('//evil.example/steal')}`);

    await enterEmail('ada@example.com');
    await userEvent.type(await screen.findByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Search home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
  });

  it('goes home when there is no redirect', async () => {
    serverWithAccount();
    renderSignIn();

    await enterEmail('ada@example.com');
    await userEvent.type(await screen.findByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Search home' })).toBeInTheDocument();
  });

  it('says plainly when no account uses the address and offers to create one with it', async () => {
    const server = serverWithAccount();
    renderSignIn('/sign-in?redirect=%2Fcollections');

    await enterEmail('new@example.com');

    expect(await screen.findByText('No account uses this address')).toBeInTheDocument();
    expect(screen.getByText(/There is no Wink Health account for new@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?email=new%40example.com&redirect=%2Fcollections',
    );
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/login')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('');
  });

  it("shows the server's 422 under the password field and stays on the page", async () => {
    serverWithAccount(() =>
      json(422, {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      }),
    );
    const { router } = renderSignIn();

    await enterEmail('ada@example.com');
    const password = await screen.findByLabelText(/^Password/);
    await userEvent.type(password, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(getAuthStatus()).not.toBe('signed-in');
    expect(handleRequestError).not.toHaveBeenCalled();
  });

  it('leaves other failures (a suspended account) to the error catalogue', async () => {
    serverWithAccount(() => json(403, { message: 'Your account has been suspended.' }));
    renderSignIn();

    await enterEmail('ada@example.com');
    await userEvent.type(await screen.findByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(handleRequestError).toHaveBeenCalledTimes(1));
    const error = vi.mocked(handleRequestError).mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data.message).toBe('Your account has been suspended.');
  });

  it('checks the address shape before asking the server', async () => {
    const server = serverWithAccount();
    renderSignIn();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();

    await enterEmail('not-an-address');
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);
  });

  it('asks for the password before sending it, and links to the forgotten-password page', async () => {
    const server = serverWithAccount();
    renderSignIn();

    await enterEmail('ada@example.com');
    await screen.findByLabelText(/^Password/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/login')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password?email=ada%40example.com');
  });

  it('"Use another e-mail" goes back to the first step', async () => {
    serverWithAccount();
    renderSignIn();

    await enterEmail('ada@example.com');
    await screen.findByLabelText(/^Password/);
    await userEvent.click(screen.getByRole('button', { name: 'Use another e-mail' }));

    expect(screen.getByLabelText(/E-mail address/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('confirms a password reset and fills in the address', () => {
    renderSignIn('/sign-in', { passwordReset: true, email: 'ada@example.com' });

    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed. Sign in with the new one.');
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('ada@example.com');
  });
});
