import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, fakeServer, grace, json, listPage, renderRoute, wireNotification } from '../../../test/discussions-testing';
import { stubReachEnd } from '../../../test/intersection-observer';
import NotificationsPage from './notifications-page';

const renderPage = () => renderRoute(<NotificationsPage />, { path: '/notifications', url: '/notifications' });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const unreadCount = (count: number) => () => json(200, { data: { count } });

describe('Notifications page', () => {
  it('says who did what, when, and leads each one where a tap on the phone would', async () => {
    fakeServer({
      'GET /api/notifications/unread-count': unreadCount(1),
      'GET /api/notifications': () =>
        listPage([
          wireNotification(),
          wireNotification({
            id: 'n2',
            type: 'comment.followed.created',
            data: { subject_id: 'd1', subject_title: 'Living with asthma', comment_id: 'c10', count: 3 },
            actor: grace,
            read_at: minutesAgo(1),
            created_at: minutesAgo(120),
          }),
          wireNotification({
            id: 'n3',
            type: 'discussion.created',
            data: { subject_id: 'd2', subject_title: 'Sleep' },
            read_at: minutesAgo(1),
          }),
          wireNotification({ id: 'n4', type: 'discussionAccess.created', data: { subject_id: 'd3' }, read_at: minutesAgo(1) }),
          wireNotification({
            id: 'n5',
            type: 'discussionAccess.request.created',
            data: { subject_id: 'd3', subject_title: 'Our group', count: 2 },
            read_at: minutesAgo(1),
          }),
          wireNotification({
            id: 'n6',
            type: 'discussionAccess.request.accepted',
            data: { subject_id: 'd4', subject_title: 'Ask' },
            actor: null,
          }),
          wireNotification({ id: 'n7', type: 'discussionAccess.request.rejected', data: { subject_id: 'd5', subject_title: 'No' } }),
          wireNotification({ id: 'n8', type: 'user.followed', data: { follower_sid: ada.sid } }),
          wireNotification({
            id: 'n9',
            type: 'topic.discussion.created',
            data: { subject_id: 'd6', subject_title: 'Screens and migraine', topic_ui: 'D008881', topic_name: 'Migraine Disorders' },
            read_at: minutesAgo(1),
          }),
        ]),
    });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const expected: [string, string][] = [
      ['Unread: ada commented in Living with asthma 5 minutes ago', '/discussions/d1/comments/c9'],
      ['3 new replies to a thread you follow in Living with asthma, the latest from grace 2 hours ago', '/discussions/d1/comments/c10'],
      ['ada started a discussion: Sleep', '/discussions/d2'],
      ['ada invited you to a discussion', '/discussions/d3'],
      ['2 people asked to join Our group, the latest ada', '/discussions/d3/members'],
      ['Unread: Someone accepted your request to join Ask', '/discussions/d4'],
      ['Unread: ada declined your request to join No', '/discussions/d5'],
      ['Unread: ada started following you', `/user-profile/${ada.sid}`],
      ['ada started a discussion on Migraine Disorders: Screens and migraine', '/discussions/d6'],
    ];
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(expected.length);
    expected.forEach(([name, href], i) => {
      expect(links[i]).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
      expect(links[i]).toHaveAttribute('href', href);
    });
    expect(within(links[0]!).getByText('5 minutes ago')).toHaveAttribute('datetime');
  });

  it('opens a notification, marks it read and brings the badge’s count down', async () => {
    let count = 2;
    const server = fakeServer({
      'GET /api/notifications/unread-count': () => json(200, { data: { count } }),
      'GET /api/notifications': () => listPage([wireNotification()]),
      'POST /api/notifications/n1/read': () => {
        count = 1;
        return json(200, { data: wireNotification({ read_at: new Date().toISOString() }) });
      },
    });
    const { location, queryClient } = renderPage();
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'unread-count'])).toBe(2));

    await userEvent.click(await screen.findByRole('link', { name: /ada commented in Living with asthma/ }));

    expect(location()).toBe('/discussions/d1/comments/c9');
    await waitFor(() => expect(server.callsTo('POST', '/api/notifications/n1/read')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'unread-count'])).toBe(1));
    // The app bar's badge, still on screen, asks the server again.
    expect(queryClient.getQueryState(['notifications', 'unread-count'])?.isInvalidated).toBe(true);
  });

  it('does not mark again what is already read', async () => {
    const server = fakeServer({
      'GET /api/notifications/unread-count': unreadCount(0),
      'GET /api/notifications': () => listPage([wireNotification({ read_at: minutesAgo(1) })]),
    });
    const { location } = renderPage();
    await userEvent.click(await screen.findByRole('link', { name: /ada commented/ }));
    expect(location()).toBe('/discussions/d1/comments/c9');
    expect(server.writes()).toEqual([]);
  });

  it('marks everything read at once: the unread marks go and the button rests', async () => {
    let count = 2;
    const server = fakeServer({
      'GET /api/notifications/unread-count': () => json(200, { data: { count } }),
      'GET /api/notifications': () =>
        listPage([wireNotification(), wireNotification({ id: 'n2', type: 'user.followed', data: { follower_sid: 'x' } })]),
      'POST /api/notifications/read-all': () => {
        count = 0;
        return json(204, null);
      },
    });
    const { queryClient } = renderPage();
    await screen.findByRole('link', { name: /^Unread: ada started following you/ });

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.queryAllByRole('link', { name: /^Unread/ })).toHaveLength(0));
    expect(server.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /^ada started following you/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(queryClient.getQueryData(['notifications', 'unread-count'])).toBe(0);
  });

  it('loads older notifications with the button, and on reaching the end of the list', async () => {
    const reachEnd = stubReachEnd();
    const server = fakeServer({
      'GET /api/notifications/unread-count': unreadCount(0),
      'GET /api/notifications': ({ query }) => {
        const cursor = query.get('cursor');
        if (cursor === 'p2')
          return listPage([wireNotification({ id: 'n2', data: { subject_id: 'd2', subject_title: 'Second page' } })], 'p3');
        if (cursor === 'p3') return listPage([wireNotification({ id: 'n3', data: { subject_id: 'd3', subject_title: 'Third page' } })]);
        return listPage([wireNotification()], 'p2');
      },
    });
    renderPage();
    await screen.findByRole('link', { name: /Living with asthma/ });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Second page/ })).toBeInTheDocument();

    act(() => reachEnd());
    expect(await screen.findByRole('link', { name: /Third page/ })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/notifications').map((call) => call.query.get('cursor'))).toEqual([null, 'p2', 'p3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the designed empty state when there is nothing yet, without a mark-all button', async () => {
    fakeServer({ 'GET /api/notifications/unread-count': unreadCount(0), 'GET /api/notifications': () => listPage([]) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'You’re all caught up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says so when the list cannot load, and tries again on request', async () => {
    let fail = true;
    fakeServer({
      'GET /api/notifications/unread-count': unreadCount(0),
      'GET /api/notifications': () => (fail ? json(500, { message: 'Server Error' }) : listPage([wireNotification()])),
    });
    renderPage();
    expect(await screen.findByText('Your notifications could not be loaded.', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /ada commented/ })).toBeInTheDocument();
  });
});
