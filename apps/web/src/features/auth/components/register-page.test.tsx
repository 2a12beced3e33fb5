import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { getAuthStatus } from '../../../lib/auth-status';
import { queryClient } from '../../../lib/query-client';
import { userKeys } from '../api/get-user';
import { fakeServer, json } from '../../../test/fake-server';
import { renderRoutes, resetAppState, wireUser } from '../testing/render';
import RegisterPage from './register-page';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

afterEach(resetAppState);

function renderRegister(search = '') {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/search', element: <h1>Search home</h1> },
    ],
    { pathname: '/register', search },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label);

async function fillIn(values: Partial<Record<'name' | 'displayName' | 'email' | 'password' | 'confirmation', string>>) {
  const all = {
    name: 'Ada Lovelace',
    displayName: 'Ada L',
    email: 'ada@example.com',
    password: 'long enough',
    confirmation: 'long enough',
    ...values,
  };
  if (all.name) await userEvent.type(field(/^Full name/), all.name);
  if (all.displayName) await userEvent.type(field(/^Display name/), all.displayName);
  if (all.email) await userEvent.type(field(/^E-mail address/), all.email);
  if (all.password) await userEvent.type(field(/^Password/), all.password);
  if (all.confirmation) await userEvent.type(field(/^Repeat the password/), all.confirmation);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('Register page', () => {
  it('explains the trial and prefills the address handed over by sign-in', () => {
    renderRegister('?email=new%40example.com');

    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByText(/free 14-day trial/)).toBeInTheDocument();
    expect(field(/^E-mail address/)).toHaveValue('new@example.com');
  });

  it('checks required fields, the address shape, the password length and the confirmation before sending', async () => {
    const server = fakeServer({});
    renderRegister();

    await submit();
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Use 2 to 40 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(field(/^Full name/)).toHaveFocus();

    await fillIn({ email: 'nope', password: 'short', confirmation: 'short' });
    await submit();
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(field(/^E-mail address/)).toHaveFocus();
    expect(server.calls).toHaveLength(0);
  });

  it('says when the two passwords differ', async () => {
    const server = fakeServer({});
    renderRegister();

    await fillIn({ confirmation: 'something else' });
    await submit();

    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(field(/^Repeat the password/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);
  });

  it("puts the server's 422 messages under their fields", async () => {
    fakeServer({
      'POST /register': () =>
        json(422, {
          message: 'The email has already been taken. (and 1 more error)',
          errors: {
            email: ['The email has already been taken.'],
            display_name: ['The display name field must not be greater than 40 characters.'],
          },
        }),
    });
    renderRegister();

    await fillIn({});
    await submit();

    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(field(/^E-mail address/)).toHaveAccessibleDescription('The email has already been taken.');
    expect(field(/^Display name/)).toHaveAccessibleDescription('The display name field must not be greater than 40 characters.');
    expect(field(/^Display name/)).toHaveFocus();
    expect(getAuthStatus()).not.toBe('signed-in');
  });

  it('creates the account after a CSRF cookie, signs in, tracks and goes home', async () => {
    const server = fakeServer({
      'POST /register': () => json(201, { data: wireUser() }),
      'GET /api/user': () => json(200, { data: wireUser() }),
    });
    renderRegister();

    await fillIn({});
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send me the occasional newsletter' }));
    await submit();

    expect(await screen.findByRole('heading', { name: 'Search home' })).toBeInTheDocument();
    expect(server.trail()).toEqual(['GET /sanctum/csrf-cookie', 'POST /register', 'GET /api/user']);
    expect(server.callsTo('POST', '/register')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      display_name: 'Ada L',
      email: 'ada@example.com',
      password: 'long enough',
      password_confirmation: 'long enough',
      newsletter_subscription: '1',
    });
    expect(getAuthStatus()).toBe('signed-in');
    expect(queryClient.getQueryData(userKeys.all)).toMatchObject({ displayName: 'Ada L' });
    expect(track).toHaveBeenCalledWith('user_signed_up');
  });
});
