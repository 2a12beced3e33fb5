import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, grace, json, listPage, renderRoute, wireNotification } from '../../../test/discussions-testing';
import NotificationsPage from '../components/notifications-page';
import { notificationKeys } from './get-unread-count';
import { applyPushedNotification } from './live-notifications';

describe('Notifications pushed over the socket', () => {
  it('go on top of the open list and set the badge’s count, a collapsed one moving up instead of doubling', async () => {
    const server = fakeServer({
      'GET /api/notifications/unread-count': () => json(200, { data: { count: 1 } }),
      'GET /api/notifications': () =>
        listPage([wireNotification(), wireNotification({ id: 'n0', type: 'user.followed', data: { follower_sid: 'g1' }, actor: grace })]),
    });
    const { queryClient } = renderRoute(<NotificationsPage />, { path: '/notifications', url: '/notifications' });
    const items = async () => within(await screen.findByRole('list', { name: 'Your notifications' })).getAllByRole('listitem');
    expect(await items()).toHaveLength(2);

    const fresh = wireNotification({
      id: 'n2',
      type: 'discussion.created',
      data: { subject_id: 'd7', subject_title: 'Sleep and blood pressure' },
      actor: grace,
      created_at: new Date().toISOString(),
    });
    act(() => applyPushedNotification(queryClient, { notification: fresh, unread_count: 2 }));
    expect((await items())[0]).toHaveTextContent('Sleep and blood pressure');
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toBe(2);

    // Another comment in the same discussion: the unread n0 is brought up to date and moves to the top.
    const bumped = wireNotification({ id: 'n0', type: 'user.followed', data: { follower_sid: 'g1', count: 2 }, actor: grace });
    act(() => applyPushedNotification(queryClient, { notification: bumped, unread_count: 2 }));
    const after = await items();
    expect(after).toHaveLength(3);
    expect(after[0]).toHaveTextContent('grace');
    expect(after[0]).not.toHaveTextContent('Sleep and blood pressure');
    expect(server.callsTo('GET', '/api/notifications')).toHaveLength(1);
  });
});
