import { describe, expect, it } from 'vitest';
import { signedIn, tokenClient } from '../community/people';
import { givePlan, opened } from '../discussions/support';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { connect, cookieOf, disconnection, eventually, listening, record, refusal, socketFor, subscribeTo } from './support';

const t = useTestApp();

async function comment(agent: Agent, discussionId: string, body = 'Walking after dinner helps me.', parentId?: string) {
  const res = await agent.post(`/api/discussions/${discussionId}/comments`, { body, ...(parentId ? { parent_id: parentId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; body: string };
}

async function invite(owner: Agent, discussionId: string, sid: string) {
  const res = await owner.post(`/api/discussions/${discussionId}/invites`, { sid });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Lets the notifier and the socket deliveries run, then a moment for the frames to cross the loopback. */
async function settled() {
  await t.app.events.settled();
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe('connecting', () => {
  it('accepts the session cookie, a bearer header or a bearer token in auth, and refuses everything else with 401', async () => {
    const url = await listening(t.app);
    const pat = await signedIn(t);
    await expect(connect(url, { cookie: cookieOf(pat.agent) })).resolves.toBeTruthy();

    const phone = await tokenClient(t, pat.email);
    await expect(connect(url, { bearer: phone.bearer! })).resolves.toBeTruthy();
    await expect(connect(url, { authToken: phone.bearer! })).resolves.toBeTruthy();

    for (const options of [{}, { cookie: 'wink_session=forged-secret' }, { bearer: '1|not-the-secret' }, { authToken: 'nonsense' }]) {
      expect(await refusal(url, options)).toEqual({ status: 401, message: 'Unauthenticated.' });
    }
    // Signed out: the same cookie no longer opens a socket.
    const cookie = cookieOf(pat.agent);
    expect((await pat.agent.post('/logout')).statusCode).toBeLessThan(300);
    expect(await refusal(url, { cookie })).toEqual({ status: 401, message: 'Unauthenticated.' });
  });

  it('refuses a cookie session from another site’s page, which WebSockets would otherwise let through', async () => {
    const url = await listening(t.app);
    const pat = await signedIn(t);
    expect(await refusal(url, { cookie: cookieOf(pat.agent), origin: 'http://evil.example' })).toEqual({
      status: 403,
      message: 'This origin may not open a signed-in socket.',
    });
    await expect(connect(url, { cookie: cookieOf(pat.agent), origin: url })).resolves.toBeTruthy();
  });

  it('closes a signed-in socket when its session signs out', async () => {
    const url = await listening(t.app);
    const pat = await signedIn(t);
    const socket = await connect(url, { cookie: cookieOf(pat.agent) });
    const closed = disconnection(socket);
    expect((await pat.agent.post('/logout')).statusCode).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('notifications', () => {
  it('pushes a new notification and the unread count to every socket of its recipient, at once', async () => {
    const url = await listening(t.app);
    const [owner, commenter] = [await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent, { title: 'Walking after meals' });
    const tabs = [await connect(url, { cookie: cookieOf(owner.agent) }), await connect(url, { cookie: cookieOf(owner.agent) })];
    const phone = await connect(url, { bearer: (await tokenClient(t, owner.email)).bearer! });
    const received = [...tabs, phone].map((socket) => record(socket, 'notification:created'));
    const commenterSeen = record(await connect(url, { cookie: cookieOf(commenter.agent) }), 'notification:created');

    const posted = await comment(commenter.agent, d.id);
    await eventually(() => received.every((seen) => seen.length === 1));
    for (const seen of received) {
      expect(seen[0]).toEqual({
        notification: expect.objectContaining({
          type: 'comment.created',
          data: { subject_id: d.id, subject_title: 'Walking after meals', comment_id: posted.id, count: 1 },
          actor: expect.objectContaining({ sid: commenter.me.sid }),
          read_at: null,
        }),
        unread_count: 1,
      });
    }
    // What the socket said is what the list says.
    const listed = (await owner.agent.get('/api/notifications')).json().data[0];
    expect(received[0]![0]!.notification).toEqual(listed);
    await settled();
    expect(commenterSeen).toEqual([]);
  });

  it('lowers the badge on my other devices when I read my notifications on one', async () => {
    const url = await listening(t.app);
    const [owner, commenter] = [await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent);
    const other = await connect(url, { cookie: cookieOf(owner.agent) });
    const counts = record(other, 'notifications:unread-count');
    await comment(commenter.agent, d.id);
    await settled();

    expect((await owner.agent.post('/api/notifications/read-all')).statusCode).toBe(204);
    await eventually(() => counts.length === 1);
    expect(counts).toEqual([{ count: 0 }]);
  });

  it('gives a client no way into another person’s room', async () => {
    const url = await listening(t.app);
    const [owner, snoop, commenter] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent);
    const socket = await connect(url, { cookie: cookieOf(snoop.agent) });
    const seen = record(socket, 'notification:created');

    // socket.io has no client-side join; the only door is discussion:subscribe, which takes a discussion id.
    (socket as unknown as { emit(event: string, ...args: unknown[]): void }).emit('join', `user:${owner.me.id}`);
    expect(await subscribeTo(socket, `user:${owner.me.id}`)).toEqual({ ok: false, status: 404, message: expect.any(String) });
    expect(await subscribeTo(socket, '../user:1')).toMatchObject({ ok: false });
    expect(await subscribeTo(socket, 42)).toEqual({ ok: false, status: 422, message: 'The discussion id is invalid.' });

    await comment(commenter.agent, d.id);
    await settled();
    expect(seen).toEqual([]);
  });
});

describe('live comments', () => {
  it('reaches every subscriber of the discussion, replies included, and nobody who did not subscribe', async () => {
    const url = await listening(t.app);
    const [owner, reader, commenter, elsewhere] = [await signedIn(t), await signedIn(t), await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent);
    const readerSocket = await connect(url, { cookie: cookieOf(reader.agent) });
    expect(await subscribeTo(readerSocket, d.id)).toEqual({ ok: true });
    const live = record(readerSocket, 'comment:created');
    const notSubscribed = record(await connect(url, { cookie: cookieOf(elsewhere.agent) }), 'comment:created');

    const first = await comment(commenter.agent, d.id, 'My numbers improved.');
    const reply = await comment(owner.agent, d.id, 'By how much?', first.id);
    await eventually(() => live.length === 2);
    expect(live[0]).toEqual({
      discussion_id: d.id,
      comment: expect.objectContaining({ id: first.id, body: 'My numbers improved.', parent_id: null, upvoted: false, followed: false }),
    });
    expect(live[0]!.comment.author).toMatchObject({ sid: commenter.me.sid });
    expect(live[1]!.comment).toMatchObject({ id: reply.id, parent_id: first.id });
    expect(notSubscribed).toEqual([]);

    readerSocket.emit('discussion:unsubscribe', d.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await comment(commenter.agent, d.id, 'Anyone else?');
    await settled();
    expect(live).toHaveLength(2);
  });

  it('refuses to subscribe to what the person may not read: private (404), invite-only content (403), no reading plan (403)', async () => {
    const url = await listening(t.app);
    const [owner, outsider, lapsed] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    const secret = await opened(owner.agent, { access_type: 'private' });
    const club = await opened(owner.agent, { access_type: 'invite_only' });
    const open = await opened(owner.agent);
    await givePlan(t, lapsed.me.id, 'none');

    const socket = await connect(url, { cookie: cookieOf(outsider.agent) });
    expect(await subscribeTo(socket, secret.id)).toEqual({ ok: false, status: 404, message: expect.any(String) });
    expect(await subscribeTo(socket, club.id)).toEqual({ ok: false, status: 403, message: expect.any(String) });
    expect(await subscribeTo(socket, 'no-such-discussion')).toEqual({ ok: false, status: 404, message: expect.any(String) });
    const lapsedSocket = await connect(url, { cookie: cookieOf(lapsed.agent) });
    expect(await subscribeTo(lapsedSocket, open.id)).toEqual({
      ok: false,
      status: 403,
      message: 'Your plan does not include reading. Choose a plan to continue.',
    });

    const seen = record(socket, 'comment:created');
    await comment(owner.agent, secret.id);
    await comment(owner.agent, club.id);
    await settled();
    expect(seen).toEqual([]);
  });

  it('stops at once for a member removed from a private discussion, and never carries a blocked person’s comments', async () => {
    const url = await listening(t.app);
    const [owner, member, blocker, blocked] = [await signedIn(t), await signedIn(t), await signedIn(t), await signedIn(t)];
    const d = await opened(owner.agent, { access_type: 'private' });
    for (const who of [member, blocker, blocked]) await invite(owner.agent, d.id, who.me.sid);

    const memberSocket = await connect(url, { cookie: cookieOf(member.agent) });
    const blockerSocket = await connect(url, { cookie: cookieOf(blocker.agent) });
    expect(await subscribeTo(memberSocket, d.id)).toEqual({ ok: true });
    expect(await subscribeTo(blockerSocket, d.id)).toEqual({ ok: true });
    const memberSaw = record(memberSocket, 'comment:created');
    const blockerSaw = record(blockerSocket, 'comment:created');

    expect((await blocker.agent.post(`/api/users/${blocked.me.sid}/block`)).statusCode).toBeLessThan(300);
    const hidden = await comment(blocked.agent, d.id, 'From someone blocked.');
    await eventually(() => memberSaw.length === 1);
    await settled();
    expect(memberSaw.map((e) => e.comment.id)).toEqual([hidden.id]);
    expect(blockerSaw).toEqual([]);

    expect((await owner.agent.delete(`/api/discussions/${d.id}/members/${member.me.sid}`)).statusCode).toBeLessThan(300);
    const later = await comment(owner.agent, d.id, 'Members only from here.');
    await eventually(() => blockerSaw.length === 1);
    await settled();
    expect(blockerSaw.map((e) => e.comment.id)).toEqual([later.id]);
    expect(memberSaw.map((e) => e.comment.id)).toEqual([hidden.id]);
  });
});

describe('maintenance and shutdown', () => {
  it('closes every socket when maintenance starts and refuses new ones with when to come back', async () => {
    const app = await t.buildApp({ MAINTENANCE_POLL_MS: 50 });
    const url = await listening(app);
    const pat = await signedIn(t);
    const socket = await connect(url, { cookie: cookieOf(pat.agent) });
    const closed = disconnection(socket);

    await app.maintenance.set({ retry_after: 30, since: new Date().toISOString() });
    expect(await closed).toBe('io server disconnect');
    expect(await refusal(url, { cookie: cookieOf(pat.agent) })).toEqual({
      status: 503,
      message: 'We are down for maintenance and will be back shortly.',
      retry_after: 30,
    });
    await app.maintenance.set(null);
    await expect(connect(url, { cookie: cookieOf(pat.agent) })).resolves.toBeTruthy();
  });

  it('says goodbye to connected sockets and closes promptly', async () => {
    const app = await t.buildApp();
    const url = await listening(app);
    const pat = await signedIn(t);
    const sockets = await Promise.all([1, 2, 3].map(() => connect(url, { cookie: cookieOf(pat.agent) })));
    // One more, mid-handshake, on the polling transport.
    socketFor(url, { cookie: cookieOf(pat.agent) });
    const goodbyes = sockets.map(disconnection);

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await Promise.all(goodbyes)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
  });
});
