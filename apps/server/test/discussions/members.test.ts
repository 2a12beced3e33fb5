import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussionAccessRequests, discussionMembers } from '../../src/db/schema/index';
import { allPages, others, signedIn, summaryOf } from '../community/people';
import { useTestApp } from '../support/test-app';
import { block, opened, recordEvents } from './support';

const t = useTestApp();

const membersOf = (discussionId: string) => t.db.select().from(discussionMembers).where(eq(discussionMembers.discussionId, discussionId));
const requestOf = async (discussionId: string, userId: number) =>
  (
    await t.db
      .select()
      .from(discussionAccessRequests)
      .where(and(eq(discussionAccessRequests.discussionId, discussionId), eq(discussionAccessRequests.userId, userId)))
  )[0];

const OWNER_ONLY = { message: 'Only the owner of this discussion can do that.' };
const refusal = (field: string, sentence: string) => ({ message: sentence, errors: { [field]: [sentence] } });

describe('the members list', () => {
  it('lists the owner first, then members by the date they joined, page by page', async () => {
    const owner = await signedIn(t);
    const people = await others(t, 24);
    const d = await opened(owner.agent, { access_type: 'private' });
    for (const p of people) expect((await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: p.sid })).statusCode).toBe(201);

    const pages = await allPages(owner.agent, `/api/discussions/${d.id}/members`);
    expect(pages.map((p) => p.data.length)).toEqual([20, 5]);
    expect(pages.every((p) => p.meta.total === 25)).toBe(true);
    const members = pages.flatMap((p) => p.data) as unknown as { user: { sid: string }; role: string; joined_at: string }[];
    expect(members[0]).toEqual({ user: summaryOf(owner.me), role: 'owner', joined_at: expect.any(String) });
    expect(members.slice(1).map((m) => m.user.sid)).toEqual(people.map((p) => p.sid));
    expect(members.slice(1).every((m) => m.role === 'member')).toBe(true);
  });

  it('is content: 403 for a non-member of an invite-only discussion, 404 for a private one', async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const invite = await opened(owner.agent, { access_type: 'invite_only' });
    const secret = await opened(owner.agent, { access_type: 'private' });
    const res = await stranger.agent.get(`/api/discussions/${invite.id}/members`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This discussion is for members only. Ask the owner for access.' });
    expect((await stranger.agent.get(`/api/discussions/${secret.id}/members`)).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('makes the invitee a member at once, counts them, and tells them', async () => {
    const owner = await signedIn(t);
    const friend = await signedIn(t);
    const d = await opened(owner.agent, { access_type: 'private' });
    const events = recordEvents(t);
    const res = await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: friend.me.sid });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { user: summaryOf(friend.me), role: 'member', joined_at: expect.any(String) } });
    expect(await events()).toEqual([
      { name: 'discussionAccess.created', payload: { discussionId: d.id, actorId: owner.me.id, inviteeId: friend.me.id } },
    ]);
    expect((await friend.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({
      membership: 'member',
      members_count: 2,
      content_visible: true,
    });
  });

  it('answers a pending request of the invitee: it becomes accepted', async () => {
    const owner = await signedIn(t);
    const asker = await signedIn(t);
    const d = await opened(owner.agent, { access_type: 'invite_only' });
    await asker.agent.post(`/api/discussions/${d.id}/access-requests`);
    await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: asker.me.sid });
    expect(await requestOf(d.id, asker.me.id)).toMatchObject({ status: 'accepted', decidedAt: expect.any(Date) });
    expect((await owner.agent.get(`/api/discussions/${d.id}/access-requests`)).json().meta.total).toBe(0);
  });

  it('refuses each bad invitation with its own answer, and adds nobody', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const [blocked, blocker, someone] = await others(t, 3);
    const d = await opened(owner.agent);
    await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: member.me.sid });
    await block(t, owner.me.id, blocked!.id);
    await block(t, blocker!.id, owner.me.id);
    const invite = (sid: string, who = owner) => who.agent.post(`/api/discussions/${d.id}/invites`, { sid });

    const missing = await invite('nobody12345');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'The user was not found.' });
    expect((await invite(owner.me.sid)).json()).toEqual(refusal('sid', 'You cannot invite yourself.'));
    expect((await invite(blocked!.sid)).json()).toEqual(refusal('sid', 'You cannot invite this person.'));
    expect((await invite(blocker!.sid)).json()).toEqual(refusal('sid', 'You cannot invite this person.'));
    const again = await invite(member.me.sid);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal('sid', 'This person is already a member.'));
    const byMember = await invite(someone!.sid, member);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual(OWNER_ONLY);
    expect((await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: '' })).statusCode).toBe(422);
    expect((await owner.agent.post('/api/discussions/nothing12345/invites', { sid: someone!.sid })).statusCode).toBe(404);

    expect(await membersOf(d.id)).toHaveLength(2);
    expect((await owner.agent.get(`/api/discussions/${d.id}`)).json().data.members_count).toBe(2);
  });
});

describe('leaving and removing', () => {
  it('lets the owner remove a member and a member leave; the count follows', async () => {
    const owner = await signedIn(t);
    const [a, b] = [await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent, { access_type: 'private' });
    for (const p of [a, b]) await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: p.me.sid });

    expect((await owner.agent.delete(`/api/discussions/${d.id}/members/${a.me.sid}`)).statusCode).toBe(204);
    expect((await a.agent.get(`/api/discussions/${d.id}`)).statusCode).toBe(404);
    expect((await b.agent.delete(`/api/discussions/${d.id}/members/${b.me.sid}`)).statusCode).toBe(204);
    expect((await owner.agent.get(`/api/discussions/${d.id}`)).json().data.members_count).toBe(1);
    expect((await membersOf(d.id)).map((m) => m.userId)).toEqual([owner.me.id]);
  });

  it('refuses the owner leaving (422), a member removing another (403) and removing a non-member (404)', async () => {
    const owner = await signedIn(t);
    const [a, b] = [await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent);
    await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: a.me.sid });

    const leave = await owner.agent.delete(`/api/discussions/${d.id}/members/${owner.me.sid}`);
    expect(leave.statusCode).toBe(422);
    expect(leave.json()).toEqual(refusal('sid', 'The owner cannot be removed from their own discussion.'));
    const kick = await a.agent.delete(`/api/discussions/${d.id}/members/${owner.me.sid}`);
    expect(kick.statusCode).toBe(403);
    expect(kick.json()).toEqual(OWNER_ONLY);
    expect((await owner.agent.delete(`/api/discussions/${d.id}/members/${b.me.sid}`)).statusCode).toBe(404);
    expect((await owner.agent.delete(`/api/discussions/${d.id}/members/nobody12345`)).statusCode).toBe(404);
    expect(await membersOf(d.id)).toHaveLength(2);
  });
});

describe('asking to join', () => {
  it('lets a non-member of an invite-only discussion ask once; the discussion then shows it pending', async () => {
    const owner = await signedIn(t);
    const asker = await signedIn(t);
    const d = await opened(owner.agent, { access_type: 'invite_only' });
    const events = recordEvents(t);
    const res = await asker.agent.post(`/api/discussions/${d.id}/access-requests`);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(String),
      user: summaryOf(asker.me),
      status: 'pending',
      created_at: expect.any(String),
      decided_at: null,
    });
    expect(await events()).toEqual([
      {
        name: 'discussionAccess.request.created',
        payload: { discussionId: d.id, requestId: data.id, actorId: asker.me.id, ownerId: owner.me.id },
      },
    ]);
    expect((await asker.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({ access_request: 'pending', membership: null });
    const again = await asker.agent.post(`/api/discussions/${d.id}/access-requests`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('You have already asked to join; the owner will decide.');
  });

  it('refuses requests that make no sense, each with its sentence', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const stranger = await signedIn(t);
    const open = await opened(owner.agent);
    const invite = await opened(owner.agent, { access_type: 'invite_only' });
    const secret = await opened(owner.agent, { access_type: 'private' });
    await owner.agent.post(`/api/discussions/${invite.id}/invites`, { sid: member.me.sid });
    const ask = (who: typeof owner, id: string) => who.agent.post(`/api/discussions/${id}/access-requests`);

    expect((await ask(stranger, open.id)).json().message).toBe('This discussion is open to everyone: there is nothing to request.');
    expect((await ask(member, invite.id)).json().message).toBe('You are already a member of this discussion.');
    expect((await ask(owner, invite.id)).json().message).toBe('You are already a member of this discussion.');
    expect((await ask(stranger, secret.id)).json()).toEqual({ message: 'The discussion was not found.' });
    expect(await t.db.select().from(discussionAccessRequests)).toEqual([]);
  });

  it('gives the owner the queue, oldest first; nobody else may read it', async () => {
    const owner = await signedIn(t);
    const [first, second] = [await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent, { access_type: 'invite_only' });
    await first.agent.post(`/api/discussions/${d.id}/access-requests`);
    await second.agent.post(`/api/discussions/${d.id}/access-requests`);
    const queue = await owner.agent.get(`/api/discussions/${d.id}/access-requests`);
    expect(queue.json()).toMatchObject({
      data: [{ user: summaryOf(first.me), status: 'pending' }, { user: summaryOf(second.me) }],
      meta: { total: 2, next_cursor: null },
    });
    const peek = await first.agent.get(`/api/discussions/${d.id}/access-requests`);
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toEqual(OWNER_ONLY);
  });
});

describe('deciding requests', () => {
  async function pendingRequest(accessType = 'invite_only') {
    const owner = await signedIn(t);
    const asker = await signedIn(t);
    const d = await opened(owner.agent, { access_type: accessType });
    const rid = (await asker.agent.post(`/api/discussions/${d.id}/access-requests`)).json().data.id as string;
    return { owner, asker, d, rid, url: (action: string) => `/api/discussions/${d.id}/access-requests/${rid}/${action}` };
  }

  it('accepting makes the requester a member and tells them; accepting again is 422', async () => {
    const { owner, asker, d, rid, url } = await pendingRequest();
    const events = recordEvents(t);
    const res = await owner.agent.post(url('accept'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: rid, user: summaryOf(asker.me), status: 'accepted', decided_at: expect.any(String) });
    expect(await events()).toEqual([
      {
        name: 'discussionAccess.request.accepted',
        payload: { discussionId: d.id, requestId: rid, actorId: owner.me.id, requesterId: asker.me.id },
      },
    ]);
    expect((await asker.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({
      membership: 'member',
      members_count: 2,
      content_visible: true,
      access_request: 'accepted',
    });
    const again = await owner.agent.post(url('accept'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal('access_request', 'This request has already been answered.'));
    expect((await owner.agent.post(url('reject'))).statusCode).toBe(422);
    expect(await membersOf(d.id)).toHaveLength(2);
  });

  it('adds the member once when two accepts race', async () => {
    const { owner, d, url } = await pendingRequest();
    const answers = await Promise.all([owner.agent.post(url('accept')), owner.agent.post(url('accept'))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await membersOf(d.id)).toHaveLength(2);
    expect((await owner.agent.get(`/api/discussions/${d.id}`)).json().data.members_count).toBe(2);
  });

  it('rejecting keeps them out and tells them; they cannot ask again', async () => {
    const { owner, asker, d, rid, url } = await pendingRequest();
    const events = recordEvents(t);
    const res = await owner.agent.post(url('reject'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: rid, status: 'rejected' });
    expect(await events()).toEqual([
      {
        name: 'discussionAccess.request.rejected',
        payload: { discussionId: d.id, requestId: rid, actorId: owner.me.id, requesterId: asker.me.id },
      },
    ]);
    expect((await asker.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({
      membership: null,
      access_request: 'rejected',
      body: null,
    });
    expect((await asker.agent.post(`/api/discussions/${d.id}/access-requests`)).json().message).toBe(
      'This request has already been answered.',
    );
    expect(await membersOf(d.id)).toHaveLength(1);
  });

  it('answers 404 for a request of another discussion, and 403 for anyone but the owner', async () => {
    const { owner, asker, rid, url } = await pendingRequest();
    const other = await opened(owner.agent, { access_type: 'invite_only' });
    const wrong = await owner.agent.post(`/api/discussions/${other.id}/access-requests/${rid}/accept`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'The access request was not found.' });
    const self = await asker.agent.post(url('accept'));
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual(OWNER_ONLY);
  });

  it('drops a request from the queue once the two people are in a block', async () => {
    const { owner, asker, url, d } = await pendingRequest();
    await block(t, owner.me.id, asker.me.id);
    expect((await owner.agent.get(`/api/discussions/${d.id}/access-requests`)).json()).toEqual({
      data: [],
      meta: { next_cursor: null, total: 0 },
    });
    expect((await owner.agent.post(url('accept'))).statusCode).toBe(404);
  });
});
