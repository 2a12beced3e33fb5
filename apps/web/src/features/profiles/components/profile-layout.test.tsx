import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDialog, getOpenDialog } from '../../../lib/dialogs';
import { clearNotices, getCurrentNotice } from '../../../lib/notices';
import { profileQueryOptions } from '../api/get-profile';
import { profileDiscussionsQueryOptions } from '../api/get-profile-discussions';
import { profileFollowingsQueryOptions } from '../api/get-profile-followings';
import { profileRepliesQueryOptions } from '../api/get-profile-replies';
import { profileUpvotesQueryOptions } from '../api/get-profile-upvotes';
import ProfileDiscussionsPage from './profile-discussions-page';
import ProfileFollowingsPage from './profile-followings-page';
import ProfileLayout from './profile-layout';
import ProfileRepliesPage from './profile-replies-page';
import ProfileUpvotesPage from './profile-upvotes-page';
import { alan, fakeServer, json, page, renderProfile, wireComment, wireDiscussion, wireProfile, wireUser } from '../testing';
import { runFirstViewData } from '../../../test/first-view';

afterEach(() => {
  clearNotices();
  closeDialog('subscription');
});

const PAST = '2020-01-01T00:00:00.000Z';
const graceProfile =
  (overrides: Parameters<typeof wireProfile>[0] = {}) =>
  () =>
    json(200, { data: wireProfile(overrides) });

describe('Profile header', () => {
  it('shows who the person is and their counts', async () => {
    fakeServer({ 'GET /api/users/g1': graceProfile(), 'GET /api/users/g1/discussions': () => page([]) });
    renderProfile('/user-profile/g1/discussions');

    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Joined June 1, 2025')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Activity' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 discussions', '1 follower', '2 following']);
    expect(screen.getByRole('tab', { name: 'Discussions' })).toHaveAttribute('aria-current', 'page');
    // The designed empty state of the section, under the h1.
    expect(await screen.findByRole('heading', { level: 2, name: 'No discussions yet' })).toBeInTheDocument();
  });

  it('follows and unfollows, updating the button and the follower count', async () => {
    let followers = 1;
    const server = fakeServer({
      'GET /api/users/g1': () => json(200, { data: wireProfile({ followers_count: followers, followed: followers > 1 }) }),
      'GET /api/users/g1/discussions': () => page([]),
      'POST /api/users/g1/follow': () => json(200, { data: { followed: true, followers_count: (followers = 2) } }),
      'DELETE /api/users/g1/follow': () => json(200, { data: { followed: false, followers_count: (followers = 1) } }),
    });
    renderProfile('/user-profile/g1/discussions');

    await userEvent.click(await screen.findByRole('button', { name: 'Follow grace' }));
    const following = await screen.findByRole('button', { name: 'Stop following grace' });
    expect(following).toHaveTextContent('Following');
    expect(screen.getByText('2 followers')).toBeInTheDocument();

    await userEvent.click(following);
    expect(await screen.findByRole('button', { name: 'Follow grace' })).toHaveTextContent('Follow');
    expect(screen.getByText('1 follower')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/users/g1/follow')).toHaveLength(1);
    expect(server.callsTo('DELETE', '/api/users/g1/follow')).toHaveLength(1);
  });

  it('offers a reader the leader plan instead of following', async () => {
    const server = fakeServer({ 'GET /api/users/g1': graceProfile(), 'GET /api/users/g1/discussions': () => page([]) });
    renderProfile('/user-profile/g1/discussions', { user: wireUser({ subscription: 'reader_subscription', trial_ends_at: PAST }) });

    await userEvent.click(await screen.findByRole('button', { name: 'Follow grace' }));

    expect(getOpenDialog()).toEqual({ kind: 'subscription', ability: 'write', leaderOnly: true });
    expect(server.callsTo('POST', '/api/users/g1/follow')).toHaveLength(0);
  });

  it('blocks from the menu after a confirmation that says what blocking does', async () => {
    let blocked = false;
    const server = fakeServer({
      'GET /api/users/g1': () => json(200, { data: wireProfile({ blocked }) }),
      'GET /api/users/g1/discussions': () => page([]),
      'POST /api/users/g1/block': () => {
        blocked = true;
        return json(204, null);
      },
    });
    renderProfile('/user-profile/g1/discussions');

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for grace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block grace?' });
    expect(dialog).toHaveTextContent('they can no longer reply to you, invite you or follow you');
    expect(dialog).toHaveTextContent('Nothing tells them you blocked them.');
    expect(server.callsTo('POST', '/api/users/g1/block')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/users/g1/block')).toHaveLength(1));
    expect(await screen.findByText(/You blocked this member/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow grace' })).not.toBeInTheDocument();
    expect(getCurrentNotice()?.message).toBe('You blocked grace.');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'More actions for grace' }));
    expect(screen.getByRole('menuitem', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('does not block when the confirmation is cancelled', async () => {
    const server = fakeServer({ 'GET /api/users/g1': graceProfile(), 'GET /api/users/g1/discussions': () => page([]) });
    renderProfile('/user-profile/g1/discussions');

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for grace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/users/g1/block')).toHaveLength(0);
  });

  it('shows my own profile with an edit link and nothing to follow or block', async () => {
    fakeServer({
      'GET /api/users/u1abc': () =>
        json(200, { data: wireProfile({ sid: 'u1abc', name: 'Ada Lovelace', display_name: 'ada', is_me: true }) }),
      'GET /api/users/u1abc/discussions': () => page([]),
    });
    renderProfile('/user-profile/u1abc/discussions');

    expect(await screen.findByRole('heading', { level: 1, name: 'ada' })).toBeInTheDocument();
    expect(screen.getByText('Your profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/user/account');
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('answers a missing person (or one in a block) with a not-found page', async () => {
    fakeServer({ 'GET /api/users/zz': () => json(404, { message: 'Not Found' }) });
    renderProfile('/user-profile/zz/discussions');

    expect(await screen.findByRole('heading', { level: 1, name: 'This member does not exist or you cannot see them' })).toBeInTheDocument();
    expect(getCurrentNotice()).toBeNull();
  });
});

describe('Profile sections', () => {
  it('lists their discussions as cards and loads more with the cursor', async () => {
    const discussion = (id: string, title: string) => wireDiscussion({ id, title, body: 'Body', excerpt: 'Body', comments_count: 2 });
    const server = fakeServer({
      'GET /api/users/g1': graceProfile(),
      'GET /api/users/g1/discussions': (call) =>
        call.query.get('cursor') === 'p2'
          ? page([discussion('d2', 'Sleep and asthma')])
          : page([discussion('d1', 'Living with asthma')], 'p2'),
    });
    renderProfile('/user-profile/g1/discussions');

    const list = await screen.findByRole('list', { name: 'Discussions' });
    expect(within(list).getByRole('link', { name: 'Living with asthma' })).toHaveAttribute('href', '/discussions/d1');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('link', { name: 'Sleep and asthma' })).toHaveAttribute('href', '/discussions/d2');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/users/g1/discussions').map((call) => call.query.get('cursor'))).toEqual([null, 'p2']);
  });

  it('lists replies with the discussion they were written in, linking to the thread', async () => {
    const reply = (overrides: Record<string, unknown>) => ({
      ...wireComment({ body: 'Swimming **helped** me a lot.', created_at: '2026-02-01T10:00:00.000Z' }),
      discussion: { id: 'd1', title: 'Living with asthma' },
      ...overrides,
    });
    fakeServer({
      'GET /api/users/g1': graceProfile(),
      'GET /api/users/g1/replies': () => page([reply({}), reply({ id: 'c2', parent_id: 'c0', body: 'Same here.' })]),
    });
    renderProfile('/user-profile/g1/replies');

    const list = await screen.findByRole('list', { name: 'Replies' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Swimming helped me a lot.');
    expect((await within(first!).findByText('helped')).tagName).toBe('STRONG');
    expect(within(first!).getByRole('link', { name: 'Living with asthma' })).toHaveAttribute('href', '/discussions/d1/comments/c1');
    // A reply opens its parent comment's thread.
    expect(within(second!).getByRole('link', { name: 'Living with asthma' })).toHaveAttribute('href', '/discussions/d1/comments/c0');
    expect(screen.getByRole('tab', { name: 'Replies' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the people I follow with a button to stop following each', async () => {
    let followings = [
      {
        ...alan,
        followed_at: '2026-01-01T00:00:00.000Z',
        followed: true,
      },
    ];
    const server = fakeServer({
      'GET /api/users/u1abc': () => json(200, { data: wireProfile({ sid: 'u1abc', display_name: 'ada', is_me: true }) }),
      'GET /api/users/u1abc/followings': () => page(followings),
      'DELETE /api/users/a2/follow': () => {
        followings = [];
        return json(200, { data: { followed: false, followers_count: 0 } });
      },
    });
    renderProfile('/user-profile/u1abc/followings');

    const list = await screen.findByRole('list', { name: 'People followed' });
    expect(within(list).getByRole('link', { name: 'alan' })).toHaveAttribute('href', '/user-profile/a2');
    await userEvent.click(within(list).getByRole('button', { name: 'Stop following alan' }));

    expect(await screen.findByRole('heading', { name: 'Not following anyone yet' })).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/users/a2/follow')).toHaveLength(1);
  });

  it("shows my own relation to each person on someone else's list", async () => {
    fakeServer({
      'GET /api/users/g1': graceProfile(),
      'GET /api/users/g1/followings': () =>
        page([
          {
            ...alan,
            followed_at: '2026-01-01T00:00:00.000Z',
            followed: true,
          },
          {
            sid: 'b3',
            name: 'Bea Bell',
            display_name: 'bea',
            avatar_color: '#2e7d32',
            followed_at: '2026-01-01T12:00:00.000Z',
            followed: false,
          },
          {
            sid: 'u1abc',
            name: 'Ada Lovelace',
            display_name: 'ada',
            avatar_color: '#1565c0',
            followed_at: '2026-01-02T00:00:00.000Z',
            followed: false,
          },
        ]),
    });
    renderProfile('/user-profile/g1/followings');

    const list = await screen.findByRole('list', { name: 'People followed' });
    expect(await within(list).findByRole('button', { name: 'Stop following alan' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Follow bea' })).toBeInTheDocument();
    // No button to follow myself.
    expect(within(list).queryByRole('button', { name: /ada/ })).not.toBeInTheDocument();
  });
});

describe('Profile rendered on the server', () => {
  /** The layout's and the section's first-view data, side by side as the server fetches them. */
  const firstViewData = (sid: string, section: unknown) =>
    runFirstViewData([ProfileLayout, section], `/user-profile/${sid}`, { params: { sid } });

  it.each([
    ['discussions', ProfileDiscussionsPage, profileDiscussionsQueryOptions('g1').queryKey, page([wireDiscussion()])],
    ['replies', ProfileRepliesPage, profileRepliesQueryOptions('g1').queryKey, page([wireComment()])],
    ['upvotes', ProfileUpvotesPage, profileUpvotesQueryOptions('g1').queryKey, page([wireDiscussion()])],
    ['followings', ProfileFollowingsPage, profileFollowingsQueryOptions('g1').queryKey, page([{ ...alan, followed: true }])],
  ])('comes with the profile and its %s, asking for the profile once', async (section, Page, listKey, list) => {
    const server = fakeServer({ 'GET /api/users/g1': graceProfile(), [`GET /api/users/g1/${section}`]: () => list });

    const queryClient = await firstViewData('g1', Page);

    expect(queryClient.getQueryData(profileQueryOptions('g1').queryKey)?.displayName).toBe('grace');
    expect(queryClient.getQueryData<{ pages: { data: unknown[] }[] }>(listKey)?.pages[0]?.data).toHaveLength(1);
    expect(server.trail()).toEqual(['GET /api/users/g1', `GET /api/users/g1/${section}`]);
  });

  it('asks for no section of a missing person (or one in a block)', async () => {
    const server = fakeServer({ 'GET /api/users/zz': () => json(404, { message: 'Not Found' }) });

    await firstViewData('zz', ProfileDiscussionsPage);

    expect(server.trail()).toEqual(['GET /api/users/zz']);
  });
});
