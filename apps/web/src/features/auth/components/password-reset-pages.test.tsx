import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server';
import { renderRoutes, resetAppState } from '../testing/render';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';
import SignInPage from './sign-in-page';

afterEach(resetAppState);

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/sign-in', element: <SignInPage /> },
];

describe('Forgot-password page', () => {
  it('sends the address and answers the same whether or not it has an account', async () => {
    const server = fakeServer({
      'POST /forgot-password': () => json(200, { message: 'If an account uses that address, we have e-mailed it a link.' }),
    });
    renderRoutes(routes, { pathname: '/forgot-password', search: '?email=ada%40example.com' });

    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(/If an account uses ada@example.com, a link to choose a new password is on its way/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('Reset-password page', () => {
  it('saves the new password with the mailed token and confirms it on the sign-in page', async () => {
    const server = fakeServer({ 'POST /reset-password': () => json(200, { message: 'Your password has been reset.' }) });
    const { router } = renderRoutes(routes, { pathname: '/reset-password/tok-123', search: '?email=ada%40example.com' });

    await userEvent.type(screen.getByLabelText(/^New password/), 'brand new pass');
    await userEvent.type(screen.getByLabelText(/^Repeat the password/), 'brand new pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText('Your password has been changed. Sign in with the new one.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('ada@example.com');
    expect(server.callsTo('POST', '/reset-password')[0]?.body).toEqual({
      token: 'tok-123',
      email: 'ada@example.com',
      password: 'brand new pass',
      password_confirmation: 'brand new pass',
    });
  });

  it('shows an invalid or expired token under the address, with a way to ask for a new link', async () => {
    fakeServer({
      'POST /reset-password': () =>
        json(422, { message: 'This password reset token is invalid.', errors: { email: ['This password reset token is invalid.'] } }),
    });
    renderRoutes(routes, { pathname: '/reset-password/old', search: '?email=ada%40example.com' });

    await userEvent.type(screen.getByLabelText(/^New password/), 'brand new pass');
    await userEvent.type(screen.getByLabelText(/^Repeat the password/), 'brand new pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText('This password reset token is invalid.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: /Request a new one/ })).toHaveAttribute('href', '/forgot-password?email=ada%40example.com');
  });
});
