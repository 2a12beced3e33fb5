import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, userFollows, users } from '../../src/db/schema/index';
import { allPages, others, signedIn, summaryOf } from '../community/people';
import { block, commentsAt, discussionOf, putOnPlan } from '../comments/support';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

const sids = (res: { json(): { data: { sid: string }[] } }) => res.json().data.map((p) => p.sid);

describe('GET /api/users/{sid}', () => {
  it('shows a profile whose discussion count only includes what I may see', async () => {
    const { agent, me } = await signedIn(t);
    const [pat, fan] = await others(t, 2);
    await discussionOf(t, pat!.id, { access: 'public' });
    await discussionOf(t, pat!.id, { access: 'invite_only' });
    await discussionOf(t, pat!.id, { access: 'private' });
    await discussionOf(t, pat!.id, { access: 'private', members: [me.id] });
    await t.db.insert(userFollows).values([
      { followerId: fan!.id, followedId: pat!.id },
      { followerId: me.id, followedId: pat!.id },
      { followerId: pat!.id, followedId: fan!.id },
    ]);

    const res = await agent.get(`/api/users/${pat!.sid}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, pat!.id));
    expect(res.json()).toEqual({
      data: {
        ...summaryOf(pat!),
        joined_at: row!.createdAt.toISOString(),
        discussions_count: 3,
        followers_count: 2,
        followings_count: 1,
        followed: true,
        blocked: false,
        is_me: false,
      },
    });
    expect((await agent.get(`/api/users/${me.sid}`)).json().data).toMatchObject({ is_me: true, discussions_count: 0 });
  });

  it('answers 404 with a sentence for a sid nobody has', async () => {
    const { agent } = await signedIn(t);
    for (const sid of ['nobody1234', "x' OR '1'='1", '%00']) {
      const res = await agent.get(`/api/users/${encodeURIComponent(sid)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'The user was not found.' });
    }
  });

  it('keeps the profile of someone in a block with me (so I can unblock) but shows none of their content', async () => {
    const { agent, me } = await signedIn(t);
    const [blocked, blocker, friend] = await others(t, 3);
    for (const person of [blocked!, blocker!]) {
      const id = await discussionOf(t, person.id);
      await commentsAt(t, id, person.id, 2);
      await t.db.insert(userFollows).values({ followerId: person.id, followedId: friend!.id });
    }
    await block(t, me.id, blocked!.id);
    await block(t, blocker!.id, me.id);

    const mine = await agent.get(`/api/users/${blocked!.sid}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ blocked: true, discussions_count: 0 });
    expect((await agent.get(`/api/users/${blocker!.sid}`)).json().data).toMatchObject({ blocked: false, discussions_count: 0 });
    for (const person of [blocked!, blocker!]) {
      for (const tab of ['replies', 'followings']) {
        expect((await agent.get(`/api/users/${person.sid}/${tab}`)).json()).toEqual({ data: [], meta: { next_cursor: null, total: 0 } });
      }
    }
  });
});

describe('following people', () => {
  it('follows and unfollows idempotently, announcing only a new follow', async () => {
    const { agent, me } = await signedIn(t);
    const [pat] = await others(t, 1);
    const events: unknown[] = [];
    t.app.events.onAny((event) => events.push(event));

    expect((await agent.post(`/api/users/${pat!.sid}/follow`)).json()).toEqual({ data: { followed: true, followers_count: 1 } });
    expect((await agent.post(`/api/users/${pat!.sid}/follow`)).json()).toEqual({ data: { followed: true, followers_count: 1 } });
    await t.app.events.settled();
    expect(events).toEqual([{ name: 'user.followed', payload: { actorId: me.id, followedId: pat!.id } }]);
    expect((await agent.get(`/api/users/${pat!.sid}`)).json().data.followed).toBe(true);

    expect((await agent.delete(`/api/users/${pat!.sid}/follow`)).json()).toEqual({ data: { followed: false, followers_count: 0 } });
    expect((await agent.delete(`/api/users/${pat!.sid}/follow`)).json()).toEqual({ data: { followed: false, followers_count: 0 } });
    expect(await t.db.select().from(userFollows)).toEqual([]);
  });

  it('refuses myself, anyone in a block with me either way (neutral sentence), and unknown people', async () => {
    const { agent, me } = await signedIn(t);
    const [blocked, blocker] = await others(t, 2);
    await block(t, me.id, blocked!.id);
    await block(t, blocker!.id, me.id);
    const self = await agent.post(`/api/users/${me.sid}/follow`);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ message: 'You cannot follow yourself.', errors: { sid: ['You cannot follow yourself.'] } });
    for (const person of [blocked!, blocker!]) {
      const res = await agent.post(`/api/users/${person.sid}/follow`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('You cannot follow this person.');
    }
    expect((await agent.post('/api/users/nobody1234/follow')).statusCode).toBe(404);
    expect(await t.db.select().from(userFollows)).toEqual([]);
  });

  it('needs a plan that writes', async () => {
    const reader = await signedIn(t);
    const [pat] = await others(t, 1);
    await putOnPlan(t, reader.me.id, 'reader');
    const res = await reader.agent.post(`/api/users/${pat!.sid}/follow`);
    expect(res.statusCode).toBe(403);
    expect(res.json().required_plan).toBe('leader_subscription');
    expect((await reader.agent.get(`/api/users/${pat!.sid}`)).statusCode).toBe(200);
  });
});

describe('GET /api/users/{sid}/followings', () => {
  it('lists whom they follow, newest first, in pages, minus people in a block with me', async () => {
    const { agent, me } = await signedIn(t);
    const [pat, ...people] = await others(t, 26);
    await t.db.insert(userFollows).values(
      people.map((p, i) => ({
        followerId: pat!.id,
        followedId: p.id,
        createdAt: sql`${`2025-03-01T10:${String(i).padStart(2, '0')}:00Z`}::timestamptz`,
      })),
    );
    await block(t, me.id, people[0]!.id);
    await t.db.insert(userFollows).values({ followerId: me.id, followedId: people[24]!.id });

    const pages = await allPages(agent, `/api/users/${pat!.sid}/followings`);
    expect(pages.map((p) => p.data.length)).toEqual([20, 4]);
    expect(pages[0]!.meta.total).toBe(24);
    expect(pages.flatMap((p) => p.data.map((x) => x.sid))).toEqual(
      people
        .slice(1)
        .reverse()
        .map((p) => p.sid),
    );
    expect(pages[0]!.data[0]).toEqual({ ...summaryOf(people[24]!), followed_at: '2025-03-01T10:24:00.000Z', followed: true });
    expect(pages[0]!.data[1]).toMatchObject({ sid: people[23]!.sid, followed: false });
  });
});

describe('GET /api/users/{sid}/replies', () => {
  it('shows their comments and replies, newest first, only where I may read the discussion', async () => {
    const { agent, me } = await signedIn(t);
    const [pat, owner] = await others(t, 2);
    const open = await discussionOf(t, owner!.id, { title: 'Open one' });
    const invite = await discussionOf(t, owner!.id, { access: 'invite_only' });
    const secret = await discussionOf(t, owner!.id, { access: 'private' });
    const joined = await discussionOf(t, owner!.id, { access: 'private', members: [me.id], title: 'Joined one' });
    const [top] = await commentsAt(t, open, pat!.id, 1, { base: '2025-03-01T08:00:00Z' });
    const [reply] = await commentsAt(t, open, pat!.id, 1, { base: '2025-03-01T09:00:00Z', parentId: top });
    const [gone] = await commentsAt(t, open, pat!.id, 1, { base: '2025-03-01T09:30:00Z' });
    await commentsAt(t, invite, pat!.id, 1, { base: '2025-03-01T10:00:00Z' });
    await commentsAt(t, secret, pat!.id, 1, { base: '2025-03-01T11:00:00Z' });
    const [inJoined] = await commentsAt(t, joined, pat!.id, 1, { base: '2025-03-01T12:00:00Z' });
    await t.db.update(comments).set({ deletedAt: new Date(), body: '' }).where(eq(comments.id, gone!));

    const res = await agent.get(`/api/users/${pat!.sid}/replies`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ next_cursor: null, total: 3 });
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([inJoined, reply, top]);
    expect(body.data[0]).toMatchObject({ discussion: { id: joined, title: 'Joined one' }, author: summaryOf(pat!), body: 'Comment 0' });
    expect(body.data[1]).toMatchObject({ parent_id: top, discussion: { id: open, title: 'Open one' } });
  });

  it('pages newest first without skipping or repeating', async () => {
    const { agent } = await signedIn(t);
    const [pat] = await others(t, 1);
    const id = await discussionOf(t, pat!.id);
    const ids = await commentsAt(t, id, pat!.id, 23);
    const pages = await allPages(agent, `/api/users/${pat!.sid}/replies`);
    expect(pages.flatMap((p) => p.data.map((c) => c.id))).toEqual([...ids].reverse());
  });
});

describe('GET /api/users?q=', () => {
  it('finds people by name or display name, case-insensitively, by display name then sid, never me, blocked or banned', async () => {
    const { agent, me } = await signedIn(t, { name: 'Robin Searcher', display_name: 'Robin' });
    const [a, b, c, d, e, f] = await others(t, 6);
    const rename = (id: number, name: string, displayName: string, extra: Record<string, unknown> = {}) =>
      t.db
        .update(users)
        .set({ name, displayName, ...extra })
        .where(eq(users.id, id));
    await rename(a!.id, 'Robin Zed', 'zed');
    await rename(b!.id, 'Ann Lee', 'ROBINSON');
    await rename(c!.id, 'Carl Robins', 'Carl');
    await rename(d!.id, 'Robin Banned', 'Banned Robin', { banned: true });
    await rename(e!.id, 'Robin Blocked', 'Blocked');
    await rename(f!.id, 'Robin Blocker', 'Blocker');
    await block(t, me.id, e!.id);
    await block(t, f!.id, me.id);

    const res = await agent.get('/api/users?q=robin');
    expect(res.statusCode, res.body).toBe(200);
    expect(sids(res)).toEqual([c!.sid, b!.sid, a!.sid]);
    expect(res.json().meta).toEqual({ next_cursor: null, total: 3 });
    expect(res.json().data[0]).toEqual({ sid: c!.sid, name: 'Carl Robins', display_name: 'Carl', avatar_color: '#00838f' });
  });

  it('pages twenty at a time by display name then sid', async () => {
    const { agent } = await signedIn(t);
    const people = await others(t, 45);
    await t.db
      .update(users)
      .set({ displayName: 'Same Name' })
      .where(sql`${users.sid} LIKE 'other%'`);
    const pages: { data: { sid: string }[]; meta: { next_cursor: string | null; total: number } }[] = [];
    let cursor: string | null = null;
    do {
      const res = await agent.get(`/api/users?q=OTHER${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json());
      cursor = pages.at(-1)!.meta.next_cursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.data.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.meta.total)).toEqual([45, 45, 45]);
    expect(pages.flatMap((p) => p.data.map((x) => x.sid))).toEqual(people.map((p) => p.sid).sort());
    const res = await agent.get('/api/users?q=other&cursor=bogus');
    expect(res.statusCode).toBe(422);
  });

  it('treats hostile queries as plain text and never fails', async () => {
    const { agent } = await signedIn(t);
    const [a, b] = await others(t, 2);
    for (const q of ['', '   ', "'; DROP TABLE users; --", '\\', '%', '_', '\u0000', 'a\u0000b', '<script>', '(((', '*']) {
      const res = await agent.get(`/api/users?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(q.includes('\u0000') ? 422 : 200);
      if (res.statusCode === 200) expect(res.json().data).toEqual([]);
    }
    expect((await agent.get(`/api/users?q=${'a'.repeat(101)}`)).statusCode).toBe(422);

    // % and _ mean themselves, not "anything".
    await t.db.update(users).set({ displayName: '100% sure_thing' }).where(eq(users.id, a!.id));
    await t.db.update(users).set({ displayName: '100 pct surexthing' }).where(eq(users.id, b!.id));
    expect(sids(await agent.get(`/api/users?q=${encodeURIComponent('100%')}`))).toEqual([a!.sid]);
    expect(sids(await agent.get(`/api/users?q=${encodeURIComponent('sure_')}`))).toEqual([a!.sid]);
  });
});
