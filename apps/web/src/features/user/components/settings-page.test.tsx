import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys, type User } from '../../auth';
import { fakeServer, json, renderPage, wireUser, type RecordedCall } from '../testing/render-page';
import { track as trackSpy } from '../../../lib/analytics';
import SettingsPage from './settings-page';

// The browser's half of web notifications (permission, push subscription) is web-push.test.ts's; here it says yes or no.
vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));
const webPush = vi.hoisted(() => ({ apply: vi.fn<(enabled: boolean) => Promise<boolean>>() }));
vi.mock('../web-push', () => ({ applyWebPush: webPush.apply }));

/** Answers like the server: remembers the user and applies each change to it. */
function settingsServer() {
  let user = wireUser();
  return (call: RecordedCall) => {
    const flag = (key: string, current: boolean) => (key in call.body ? call.body[key] === '1' : current);
    const cells = (call.json?.notification_grid ?? {}) as Record<string, Record<string, boolean>>;
    const grid = Object.fromEntries(
      Object.entries(user.settings.notification_grid).map(([kind, channels]) => [kind, { ...channels, ...cells[kind] }]),
    ) as typeof user.settings.notification_grid;
    user = {
      ...user,
      settings: {
        email_notifications: flag('email_notifications', user.settings.email_notifications),
        web_notifications: flag('web_notifications', user.settings.web_notifications),
        push_notifications: flag('push_notifications', user.settings.push_notifications),
        notification_grid: grid,
      },
      newsletter_subscription: flag('newsletter_subscription', user.newsletter_subscription),
    };
    return json(200, { data: user });
  };
}

const renderSettings = () => renderPage(<SettingsPage />, { path: '/user/settings' });

describe('Settings page', () => {
  beforeEach(() => webPush.apply.mockReset().mockResolvedValue(true));

  it("shows the user's switches: e-mail on, web off, push off, newsletter off", () => {
    fakeServer({});
    renderSettings();
    expect(screen.getByRole('switch', { name: 'E-mail notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Web notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
  });

  it('sends the one changed setting and keeps it on', async () => {
    const server = fakeServer({ 'PATCH /api/user/settings': settingsServer() });
    const { queryClient } = renderSettings();

    await userEvent.click(screen.getByRole('switch', { name: 'Web notifications' }));

    expect(screen.getByRole('switch', { name: 'Web notifications' })).toBeChecked();
    await waitFor(() => expect(server.callsTo('PATCH', '/api/user/settings')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/user/settings')[0]?.body).toEqual({ web_notifications: '1' });
    await waitFor(() => expect(queryClient.getQueryData<User>(userKeys.all)?.settings.webNotifications).toBe(true));
    expect(screen.getByRole('switch', { name: 'Web notifications' })).toBeChecked();
  });

  it('saves web notifications only once this browser is subscribed', async () => {
    const server = fakeServer({ 'PATCH /api/user/settings': settingsServer() });
    webPush.apply.mockResolvedValue(false);
    renderSettings();

    await userEvent.click(screen.getByRole('switch', { name: 'Web notifications' }));

    expect(webPush.apply).toHaveBeenCalledWith(true);
    expect(screen.getByRole('switch', { name: 'Web notifications' })).not.toBeChecked();
    expect(server.writes()).toEqual([]);
  });

  it('turns e-mail notifications off and the newsletter on', async () => {
    const server = fakeServer({ 'PATCH /api/user/settings': settingsServer() });
    renderSettings();

    await userEvent.click(screen.getByRole('switch', { name: 'E-mail notifications' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Newsletter' }));

    await waitFor(() => expect(server.callsTo('PATCH', '/api/user/settings')).toHaveLength(2));
    expect(server.calls.map((call) => call.body)).toEqual([{ email_notifications: '0' }, { newsletter_subscription: '1' }]);
    expect(screen.getByRole('switch', { name: 'E-mail notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Newsletter' })).toBeChecked();
  });

  it('shows the grid of kinds × channels, every cell on, billing without push, and greys out a column whose switch is off', () => {
    fakeServer({});
    renderSettings();
    const grid = screen.getByRole('table', { name: 'Notifications by kind and channel' });
    expect(within(grid).getAllByRole('row')).toHaveLength(9);
    expect(within(grid).getByRole('checkbox', { name: 'Replies in threads I follow by e-mail' })).toBeChecked();
    expect(within(grid).getByRole('checkbox', { name: 'Replies in threads I follow by e-mail' })).toBeEnabled();
    // Web and Android push are off by default (docs/data.md): their columns wait for their switches.
    expect(within(grid).getByRole('checkbox', { name: 'Replies in threads I follow in this browser' })).toBeDisabled();
    expect(within(grid).getByRole('checkbox', { name: 'New followers on your phone' })).toBeDisabled();
    expect(within(grid).queryByRole('checkbox', { name: 'Trial and billing notices on your phone' })).toBeNull();
    expect(within(grid).getByText('Not sent on your phone')).toBeInTheDocument();
    expect(within(grid).getAllByRole('checkbox')).toHaveLength(7 * 4 + 2);
  });

  it('turns e-mail off for replies alone, sending that one cell, and says so to analytics', async () => {
    const server = fakeServer({ 'PATCH /api/user/settings': settingsServer() });
    const { queryClient } = renderSettings();
    const replies = screen.getByRole('checkbox', { name: 'Replies in threads I follow by e-mail' });

    await userEvent.click(replies);

    expect(replies).not.toBeChecked();
    await waitFor(() => expect(server.callsTo('PATCH', '/api/user/settings')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/user/settings')[0]?.json).toEqual({ notification_grid: { replies: { email: false } } });
    await waitFor(() => expect(queryClient.getQueryData<User>(userKeys.all)?.settings.notificationGrid.replies.email).toBe(false));
    expect(screen.getByRole('checkbox', { name: "New comments in discussions I'm in by e-mail" })).toBeChecked();
    expect(trackSpy).toHaveBeenCalledWith('notification_setting_changed', { kind: 'replies', channel: 'email', enabled: false });
  });

  it('flips the switch back when the server refuses', async () => {
    let answer!: (response: Response) => void;
    fakeServer({ 'PATCH /api/user/settings': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderSettings();

    const push = screen.getByRole('switch', { name: 'Push notifications' });
    await userEvent.click(push);
    expect(push).toBeChecked();

    answer(json(500, { message: 'Server Error' }));
    await waitFor(() => expect(push).not.toBeChecked());
  });
});
