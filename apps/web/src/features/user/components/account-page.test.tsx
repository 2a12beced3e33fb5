import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userKeys, type User } from '../../auth';
import { fakeServer, json, renderPage, wireUser } from '../testing/render-page';
import AccountPage from './account-page';

const renderAccount = (options: { url?: string; user?: ReturnType<typeof wireUser> } = {}) =>
  renderPage(<AccountPage />, { path: '/user/account', ...options });

describe('Account page: profile', () => {
  it('saves a new display name and updates the cached user', async () => {
    const server = fakeServer({
      'PATCH /api/user': (call) => json(200, { data: wireUser({ display_name: call.body.display_name }) }),
    });
    const { queryClient } = renderAccount();

    const field = screen.getByLabelText('Display name');
    await userEvent.clear(field);
    await userEvent.type(field, 'ada.l');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/user')[0]?.body).toMatchObject({ display_name: 'ada.l', name: 'Ada Lovelace' });
    expect(queryClient.getQueryData<User>(userKeys.all)?.displayName).toBe('ada.l');
  });

  it("shows the server's 422 message under the field", async () => {
    fakeServer({
      'PATCH /api/user': () =>
        json(422, {
          message: 'The display name field must be at least 2 characters.',
          errors: { display_name: ['The display name field must be at least 2 characters.'] },
        }),
    });
    renderAccount();

    const field = screen.getByLabelText('Display name');
    await userEvent.clear(field);
    await userEvent.type(field, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('The display name field must be at least 2 characters.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Your profile has been saved.')).not.toBeInTheDocument();
  });

  it('picks an avatar colour from the labelled swatches', async () => {
    const server = fakeServer({
      'PATCH /api/user': (call) => json(200, { data: wireUser({ avatar_color: call.body.avatar_color }) }),
    });
    renderAccount();

    const group = screen.getByRole('radiogroup', { name: 'Avatar colour' });
    expect(within(group).getByRole('radio', { name: 'Blue' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Green' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await screen.findByText('Your profile has been saved.');
    expect(server.callsTo('PATCH', '/api/user')[0]?.body.avatar_color).toBe('#2e7d32');
  });
});

describe('Account page: e-mail', () => {
  it('shows a verified address with a chip', () => {
    fakeServer({});
    renderAccount();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
  });

  it('resends the verification e-mail for an unverified address', async () => {
    const server = fakeServer({
      'POST /email/verification-notification': () => json(202, { message: 'A new verification link has been sent.' }),
      'GET /api/user': () => json(200, { data: wireUser({ email_verified_at: null }) }),
    });
    renderAccount({ user: wireUser({ email_verified_at: null }) });

    expect(screen.getByText('Not verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText('A new verification link is on its way. Check your inbox.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/email/verification-notification')).toHaveLength(1);
  });

  it.each([
    ['verified', 'Your e-mail address is verified. Thank you!'],
    ['expired', 'That verification link has expired. Send yourself a new one below.'],
    ['invalid', 'That verification link is not valid. Send yourself a new one below.'],
  ])('tells how verification went (%s) and the alert can be closed', async (outcome, text) => {
    fakeServer({ 'GET /api/user': () => json(200, { data: wireUser() }) });
    const { router } = renderAccount({ url: `/user/account?verification=${outcome}` });

    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('Account page: password', () => {
  it('changes the password and clears the form', async () => {
    const server = fakeServer({ 'PATCH /api/user/password': () => json(200, { message: 'Changed.' }) });
    renderAccount();

    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed. Other devices have been signed out.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/api/user/password')[0]?.body).toEqual({
      current_password: 'old-password-1',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    fakeServer({
      'PATCH /api/user/password': () =>
        json(422, { message: 'The password is incorrect.', errors: { current_password: ['The password is incorrect.'] } }),
    });
    renderAccount();

    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Account page: export and deletion', () => {
  it('downloads the export as a JSON file', async () => {
    // jsdom has no object URLs; the page only needs one to hand to the link.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fakeServer({
      'GET /api/user/export': () =>
        json(
          200,
          { data: { user: { sid: 'u1abc' } } },
          { 'content-disposition': 'attachment; filename="wink-health-u1abc-2026-01-01.json"' },
        ),
    });
    renderAccount();

    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Your download has started.')).toBeInTheDocument();
    expect(createObjectURL.mock.calls[0]?.[0]).toHaveProperty('type', 'application/json');
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('wink-health-u1abc-2026-01-01.json');
  });

  it('asks for the password, deletes the account and goes to sign-in', async () => {
    sessionStorage.setItem('authStatus', 'true');
    localStorage.setItem('draft', 'x');
    const server = fakeServer({ 'DELETE /api/user': () => json(204, null) });
    renderAccount();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'demo-password-1');
    await userEvent.click(confirm);

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/user')[0]?.body).toEqual({ password: 'demo-password-1' });
    expect(localStorage.getItem('draft')).toBeNull();
  });

  it('keeps the dialog open with the message when the password is wrong', async () => {
    fakeServer({
      'DELETE /api/user': () => json(422, { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } }),
    });
    renderAccount();

    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sign-in page' })).not.toBeInTheDocument());
  });
});
