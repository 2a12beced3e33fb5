import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { closeDialog, getOpenDialog } from '../../../lib/dialogs';
import { clearNotices, getCurrentNotice } from '../../../lib/notices';
import { accessRequestsQueryOptions } from '../api/get-access-requests';
import { discussionQueryOptions } from '../api/get-discussion';
import { membersQueryOptions } from '../api/get-members';
import MembersPage from './members-page';
import { ada, alan, fakeServer, grace, json, member, page, renderRoute, wireDiscussion, wireUser } from './members-testing';
import { runFirstViewData } from '../../../test/first-view';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

afterEach(() => {
  clearNotices();
  closeDialog('subscription');
  vi.mocked(track).mockClear();
});

const PAST = '2020-01-01T00:00:00.000Z';
const renderMembers = (user = wireUser()) =>
  renderRoute(<MembersPage />, { path: '/discussions/:id/members', url: '/discussions/d1/members', user });
const membersList = () => screen.findByRole('list', { name: 'Members' });

describe('Members page: the owner', () => {
  it('shows the discussion, its access and its members with their role', async () => {
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion() }),
      'GET /api/discussions/d1/members': () => page([member(ada, 'owner'), member(grace)]),
      'GET /api/discussions/d1/access-requests': () => page([]),
    });
    renderMembers();

    expect(await screen.findByRole('heading', { level: 1, name: 'Living with asthma' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Living with asthma' })).toHaveAttribute('href', '/discussions/d1');
    expect(screen.getByText('Invite only')).toBeInTheDocument();
    const list = await membersList();
    const [owner, other] = within(list).getAllByRole('listitem');
    expect(within(owner!).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/user-profile/u1abc');
    expect(within(owner!).getByText('Owner')).toBeInTheDocument();
    expect(within(owner!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(other!).getByText('Member')).toBeInTheDocument();
    expect(within(other!).getByText(/Joined/)).toBeInTheDocument();
  });

  it('invites someone found by search and sees them added', async () => {
    let members = [member(ada, 'owner')];
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion() }),
      'GET /api/discussions/d1/members': () => page(members),
      'GET /api/discussions/d1/access-requests': () => page([]),
      'GET /api/users': (call) => page(call.query.get('q') === 'gra' ? [grace] : [grace, alan]),
      'POST /api/discussions/d1/invites': (call) => {
        members = [...members, member(grace)];
        return json(201, { data: member(call.body.sid === 'g1' ? grace : alan) });
      },
    });
    renderMembers();

    await userEvent.type(await screen.findByRole('combobox', { name: 'Find a person' }), 'gra');
    await userEvent.click(await screen.findByRole('option', { name: /grace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await within(await membersList()).findByRole('link', { name: 'grace' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/discussions/d1/invites').map((call) => call.body)).toEqual([{ sid: 'g1' }]);
    // Typing waited for a pause: one search for the whole name, not one per letter.
    expect(server.callsTo('GET', '/api/users').map((call) => call.query.get('q'))).toEqual(['gra']);
    expect(getCurrentNotice()?.message).toBe('grace is now a member.');
    expect(track).toHaveBeenCalledWith('discussion_invite_sent', { discussion_id: 'd1' });
    // The box is ready for the next person, and picking grace did not search for her name again.
    expect(screen.getByRole('combobox', { name: 'Find a person' })).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.callsTo('GET', '/api/users')).toHaveLength(1);
  });

  it("shows the server's sentence when the invite is refused", async () => {
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion() }),
      'GET /api/discussions/d1/members': () => page([member(ada, 'owner')]),
      'GET /api/discussions/d1/access-requests': () => page([]),
      'GET /api/users': () => page([alan]),
      'POST /api/discussions/d1/invites': () =>
        json(422, { message: 'You cannot invite this person.', errors: { sid: ['You cannot invite this person.'] } }),
    });
    renderMembers();

    await userEvent.type(await screen.findByRole('combobox', { name: 'Find a person' }), 'al');
    await userEvent.click(await screen.findByRole('option', { name: /alan/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText('You cannot invite this person.')).toBeInTheDocument();
    expect(track).not.toHaveBeenCalled();
  });

  it('removes a member after confirming', async () => {
    let members = [member(ada, 'owner'), member(grace)];
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ access_type: 'private' }) }),
      'GET /api/discussions/d1/members': () => page(members),
      'DELETE /api/discussions/d1/members/g1': () => {
        members = [member(ada, 'owner')];
        return json(204, null);
      },
    });
    renderMembers();

    await userEvent.click(await screen.findByRole('button', { name: 'Remove grace from the discussion' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove grace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Members' })).queryByRole('link', { name: 'grace' })).toBeNull());
    expect(server.callsTo('DELETE', '/api/discussions/d1/members/g1')).toHaveLength(1);
    // Private discussions take no requests, so the owner is not shown an empty queue.
    expect(screen.queryByRole('heading', { name: 'Access requests' })).not.toBeInTheDocument();
  });

  it('accepts one access request and rejects another', async () => {
    let requests = [
      { id: 'r1', user: grace, status: 'pending', created_at: '2026-02-03T10:00:00.000Z', decided_at: null },
      { id: 'r2', user: alan, status: 'pending', created_at: '2026-02-04T10:00:00.000Z', decided_at: null },
    ];
    let members = [member(ada, 'owner')];
    const decided = (id: string, status: string) => {
      const request = requests.find((item) => item.id === id)!;
      requests = requests.filter((item) => item.id !== id);
      return json(200, { data: { ...request, status, decided_at: '2026-02-05T10:00:00.000Z' } });
    };
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion() }),
      'GET /api/discussions/d1/members': () => page(members),
      'GET /api/discussions/d1/access-requests': () => page(requests),
      'POST /api/discussions/d1/access-requests/r1/accept': () => {
        members = [...members, member(grace)];
        return decided('r1', 'accepted');
      },
      'POST /api/discussions/d1/access-requests/r2/reject': () => decided('r2', 'rejected'),
    });
    renderMembers();

    const queue = await screen.findByRole('list', { name: 'Access requests' });
    expect(within(queue).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(within(queue).getByRole('button', { name: 'Accept grace' }));
    expect(await within(await membersList()).findByRole('link', { name: 'grace' })).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('discussion_access_granted', { discussion_id: 'd1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Reject alan' }));
    expect(await screen.findByText('No one is waiting to join.')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('discussion_access_rejected', { discussion_id: 'd1' });
    expect(within(screen.getByRole('list', { name: 'Members' })).queryByRole('link', { name: 'alan' })).toBeNull();
    expect(server.callsTo('POST', '/api/discussions/d1/access-requests/r2/reject')).toHaveLength(1);
  });

  it('opens the subscription dialog for a reader who invites, and sends nothing', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion() }),
      'GET /api/discussions/d1/members': () => page([member(ada, 'owner')]),
      'GET /api/discussions/d1/access-requests': () => page([]),
      'GET /api/users': () => page([grace]),
    });
    renderMembers(wireUser({ subscription: 'reader_subscription', trial_ends_at: PAST }));

    await userEvent.type(await screen.findByRole('combobox', { name: 'Find a person' }), 'gr');
    await userEvent.click(await screen.findByRole('option', { name: /grace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));

    expect(getOpenDialog()).toEqual({ kind: 'subscription', ability: 'write', leaderOnly: true });
    expect(server.callsTo('POST', '/api/discussions/d1/invites')).toHaveLength(0);
  });
});

describe('Members page: everyone else', () => {
  it('shows a member the list without the invite box or requests, and lets them leave', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ owner: grace, membership: 'member' }) }),
      'GET /api/discussions/d1/members': () => page([member(grace, 'owner'), member(ada)]),
      'DELETE /api/discussions/d1/members/u1abc': () => json(204, null),
    });
    const { router } = renderMembers();

    const list = await membersList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('combobox', { name: 'Find a person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite people' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/discussions/d1/access-requests')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Leave discussion' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave this discussion?' })).getByRole('button', { name: 'Leave discussion' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/d1'));
    expect(server.callsTo('DELETE', '/api/discussions/d1/members/u1abc')).toHaveLength(1);
    expect(getCurrentNotice()?.message).toBe('You left the discussion.');
  });

  it('tells a non-member that the members of an invite-only discussion are for members only', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () =>
        json(200, { data: wireDiscussion({ owner: grace, membership: null, content_visible: false, body: null }) }),
    });
    renderMembers();

    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the discussion' })).toHaveAttribute('href', '/discussions/d1');
    expect(server.callsTo('GET', '/api/discussions/d1/members')).toHaveLength(0);
  });

  it('shows the members-only message when the server refuses the list', async () => {
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ owner: grace, membership: null, access_type: 'public' }) }),
      'GET /api/discussions/d1/members': () => json(403, { message: 'This discussion is for members only. Ask the owner for access.' }),
    });
    renderMembers();

    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
    expect(getCurrentNotice()).toBeNull();
  });

  it('shows the unavailable state for a discussion that does not exist or is private', async () => {
    fakeServer({ 'GET /api/discussions/d1': () => json(404, { message: 'The discussion was not found.' }) });
    renderMembers();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This discussion does not exist or you cannot see it' }),
    ).toBeInTheDocument();
  });
});

describe('Members page rendered on the server', () => {
  const firstViewData = () => runFirstViewData([MembersPage], '/discussions/d1/members', { params: { id: 'd1' } });

  it("comes with the discussion, its members and the owner's access requests", async () => {
    fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion() }),
      'GET /api/discussions/d1/members': () => page([member(ada, 'owner'), member(grace)]),
      'GET /api/discussions/d1/access-requests': () =>
        page([{ id: 'r1', user: alan, status: 'pending', created_at: '2026-02-03T10:00:00.000Z', decided_at: null }]),
    });

    const queryClient = await firstViewData();

    expect(queryClient.getQueryData(discussionQueryOptions('d1').queryKey)?.title).toBe('Living with asthma');
    const members = queryClient.getQueryData(membersQueryOptions('d1').queryKey);
    expect(members?.pages.flatMap((list) => list.data.map((person) => person.user.displayName))).toEqual(['ada', 'grace']);
    const requests = queryClient.getQueryData(accessRequestsQueryOptions('d1').queryKey);
    expect(requests?.pages.flatMap((list) => list.data.map((request) => request.user.displayName))).toEqual(['alan']);
  });

  it('asks for neither members nor requests when the discussion is for its members only', async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () =>
        json(200, { data: wireDiscussion({ owner: grace, membership: null, content_visible: false, body: null }) }),
    });

    const queryClient = await firstViewData();

    expect(queryClient.getQueryData(discussionQueryOptions('d1').queryKey)?.contentVisible).toBe(false);
    expect(server.trail()).toEqual(['GET /api/discussions/d1']);
  });

  it("asks a member for the list but not for the owner's requests", async () => {
    const server = fakeServer({
      'GET /api/discussions/d1': () => json(200, { data: wireDiscussion({ owner: grace, membership: 'member' }) }),
      'GET /api/discussions/d1/members': () => page([member(grace, 'owner'), member(ada)]),
    });

    const queryClient = await firstViewData();

    expect(queryClient.getQueryData(membersQueryOptions('d1').queryKey)?.pages[0]?.data).toHaveLength(2);
    expect(server.callsTo('GET', '/api/discussions/d1/access-requests')).toHaveLength(0);
  });
});
