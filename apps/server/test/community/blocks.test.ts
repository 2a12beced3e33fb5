import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, userBlocks, users } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';
import { allPages, others, signedIn, summaryOf } from './people';

const t = useTestApp();

const blocksOf = (blockerId: number) => t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, blockerId));

/** Blocks written straight into the table at given instants (microseconds kept), so the order is known. */
async function blockedAt(blockerId: number, entries: { id: number; at: string }[]) {
  await t.db.insert(userBlocks).values(entries.map((e) => ({ blockerId, blockedId: e.id, createdAt: sql`${e.at}::timestamptz` })));
}

describe('blocking a person', () => {
  it('answers 204 with no body, and the person is on my list as a summary with nothing private', async () => {
    const { agent, me } = await signedIn(t);
    const [pat] = await others(t, 1);
    const res = await agent.post(`/api/users/${pat!.sid}/block`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await blocksOf(me.id)).toEqual([expect.objectContaining({ blockerId: me.id, blockedId: pat!.id })]);

    const list = await agent.get('/api/user/blocked-users');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [summaryOf(pat!)], meta: { next_cursor: null, total: 1 } });
  });

  it('is idempotent: blocking again answers 204 and keeps the first date', async () => {
    const { agent, me } = await signedIn(t);
    const [pat] = await others(t, 1);
    await agent.post(`/api/users/${pat!.sid}/block`);
    const [first] = await blocksOf(me.id);
    const again = await agent.post(`/api/users/${pat!.sid}/block`);
    expect(again.statusCode).toBe(204);
    expect(await blocksOf(me.id)).toEqual([first]);
  });

  it('refuses to block myself with a sentence (422)', async () => {
    const { agent, me } = await signedIn(t);
    const res = await agent.post(`/api/users/${me.sid}/block`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'You cannot block yourself.', errors: { sid: ['You cannot block yourself.'] } });
    expect(await blocksOf(me.id)).toEqual([]);
  });

  it('answers 404 for a sid nobody has', async () => {
    const { agent, me } = await signedIn(t);
    const res = await agent.post('/api/users/nobody1234/block');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The user was not found.' });
    expect(await blocksOf(me.id)).toEqual([]);
  });

  it('is silent: the blocked person gets no notification, no mail, and their own list stays empty', async () => {
    const blocker = await signedIn(t);
    const blocked = await signedIn(t);
    const mailBefore = t.mail.to(blocked.email).length;
    expect((await blocker.agent.post(`/api/users/${blocked.me.sid}/block`)).statusCode).toBe(204);
    expect(await t.db.select().from(notifications)).toEqual([]);
    expect(t.mail.to(blocked.email)).toHaveLength(mailBefore);
    expect((await blocked.agent.get('/api/notifications/unread-count')).json()).toEqual({ data: { count: 0 } });
    expect((await blocked.agent.get('/api/user/blocked-users')).json()).toEqual({ data: [], meta: { next_cursor: null, total: 0 } });
    // Nothing about the blocked person's own account reads differently.
    expect((await blocked.agent.get('/api/user')).statusCode).toBe(200);
  });

  it('works through the form conventions: _method=DELETE on a POST unblocks', async () => {
    const { agent, me } = await signedIn(t);
    const [pat] = await others(t, 1);
    await agent.post(`/api/users/${pat!.sid}/block`);
    const res = await agent.post(`/api/users/${pat!.sid}/block`, '_method=DELETE', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await blocksOf(me.id)).toEqual([]);
  });
});

describe('unblocking a person', () => {
  it('answers 204 and takes them off my list; again, or for someone never blocked, still 204', async () => {
    const { agent, me } = await signedIn(t);
    const [pat, sam] = await others(t, 2);
    await agent.post(`/api/users/${pat!.sid}/block`);
    await agent.post(`/api/users/${sam!.sid}/block`);

    const res = await agent.delete(`/api/users/${pat!.sid}/block`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await agent.get('/api/user/blocked-users')).json().data).toEqual([summaryOf(sam!)]);

    expect((await agent.delete(`/api/users/${pat!.sid}/block`)).statusCode).toBe(204);
    expect((await agent.delete('/api/users/nobody1234/block')).statusCode).toBe(204);
    expect((await agent.delete(`/api/users/${me.sid}/block`)).statusCode).toBe(204);
    expect(await blocksOf(me.id)).toHaveLength(1);
  });
});

describe('GET /api/user/blocked-users', () => {
  it('lists newest first in pages of 20 with a cursor and the total', async () => {
    const { agent, me } = await signedIn(t);
    const people = await others(t, 45);
    // Person i blocked i minutes after midnight: the newest is the last one.
    await blockedAt(
      me.id,
      people.map((p, i) => ({ id: p.id, at: `2025-03-01T00:${String(i).padStart(2, '0')}:00Z` })),
    );

    const pages = await allPages(agent, '/api/user/blocked-users');
    expect(pages.map((p) => p.data.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.meta.total)).toEqual([45, 45, 45]);
    expect(pages.at(-1)!.meta.next_cursor).toBeNull();
    expect(pages.flatMap((p) => p.data)).toEqual([...people].reverse().map(summaryOf));
  });

  it('neither skips nor repeats people blocked at the same instant, or microseconds apart', async () => {
    const { agent, me } = await signedIn(t);
    const people = await others(t, 30);
    await blockedAt(me.id, [
      ...people.slice(0, 15).map((p) => ({ id: p.id, at: '2025-03-01T10:00:00.000000Z' })),
      ...people.slice(15).map((p, i) => ({ id: p.id, at: `2025-03-01T10:00:00.0000${String(i + 1).padStart(2, '0')}Z` })),
    ]);
    const seen = (await allPages(agent, '/api/user/blocked-users')).flatMap((p) => p.data.map((d) => d.sid));
    expect(seen).toHaveLength(30);
    expect(new Set(seen)).toEqual(new Set(people.map((p) => p.sid)));
    // The microsecond-apart ones come first, newest first.
    expect(seen.slice(0, 15)).toEqual(
      people
        .slice(15)
        .map((p) => p.sid)
        .reverse(),
    );
  });

  it('answers 422 on the cursor for one it did not hand out', async () => {
    const { agent } = await signedIn(t);
    for (const cursor of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const res = await agent.get(`/api/user/blocked-users?cursor=${cursor}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The cursor is invalid.', errors: { cursor: ['The cursor is invalid.'] } });
    }
  });

  it('drops people whose account is gone', async () => {
    const { agent } = await signedIn(t);
    const [pat, sam] = await others(t, 2);
    await agent.post(`/api/users/${pat!.sid}/block`);
    await agent.post(`/api/users/${sam!.sid}/block`);
    await t.db.delete(users).where(eq(users.id, pat!.id));
    expect((await agent.get('/api/user/blocked-users')).json()).toEqual({ data: [summaryOf(sam!)], meta: { next_cursor: null, total: 1 } });
  });

  it('is part of my data export', async () => {
    const { agent } = await signedIn(t);
    const [pat] = await others(t, 1);
    await agent.post(`/api/users/${pat!.sid}/block`);
    const { data } = (await agent.get('/api/user/export')).json();
    expect(data.blocked_users).toEqual([
      { sid: pat!.sid, name: pat!.name, display_name: pat!.display_name, blocked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
  });
});

describe('who may block', () => {
  it.each([
    ['GET', '/api/user/blocked-users'],
    ['POST', '/api/users/other00000/block'],
    ['DELETE', '/api/users/other00000/block'],
  ] as const)('a guest gets 401 from %s %s', async (method, url) => {
    await others(t, 1);
    const guest = t.agent();
    await guest.csrf();
    const res = await guest.request(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect(await t.db.select().from(userBlocks)).toEqual([]);
  });

  it.each(['POST', 'DELETE'] as const)('a %s without the XSRF header is 419 and changes nothing', async (method) => {
    const { agent, me } = await signedIn(t);
    const [pat, sam] = await others(t, 2);
    await agent.post(`/api/users/${sam!.sid}/block`);
    agent.sendXsrf = false;
    const target = method === 'POST' ? pat! : sam!;
    const res = await agent.request(method, `/api/users/${target.sid}/block`);
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await blocksOf(me.id)).map((b) => b.blockedId)).toEqual([sam!.id]);
  });

  it('a person whose trial is over may still block (it is a safety tool, not a plan feature)', async () => {
    const { agent, me } = await signedIn(t);
    await t.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, me.id));
    const [pat] = await others(t, 1);
    expect((await agent.post(`/api/users/${pat!.sid}/block`)).statusCode).toBe(204);
  });
});
