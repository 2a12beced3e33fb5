import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussionMembers, discussions } from '../../src/db/schema/index';
import { allPages, signedIn, summaryOf } from '../community/people';
import { countingStatements } from '../support/statements';
import { useTestApp } from '../support/test-app';
import { anArticle, block, givePlan, ids, manyDiscussions, opened, recordEvents } from './support';

const t = useTestApp();

const NOT_FOUND = { message: 'The discussion was not found.' };

describe('opening a discussion', () => {
  it('answers 201 with the whole resource: I own it, I am its one member, the excerpt is plain text, the body rendered safe', async () => {
    const { agent, me } = await signedIn(t);
    const res = await agent.post('/api/discussions', {
      title: '  Living with type 2 diabetes  ',
      body: '# First year\n\nWhat helped you **most**? See [this guide](https://example.org).',
      access_type: 'invite_only',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
      title: 'Living with type 2 diabetes',
      body: '# First year\n\nWhat helped you **most**? See [this guide](https://example.org).',
      body_html:
        '<h3>First year</h3>\n<p>What helped you <strong>most</strong>? ' +
        'See <a href="https://example.org" target="_blank" rel="noopener nofollow ugc" class="external-link">this guide</a>.</p>\n',
      excerpt: 'First year What helped you most? See this guide.',
      citations: [],
      summary: null,
      access_type: 'invite_only',
      owner: summaryOf(me),
      article_id: null,
      // No vocabulary in this database: nothing for the search mapping to suggest.
      mesh_terms: [],
      comments_count: 0,
      members_count: 1,
      upvotes_count: 0,
      upvoted: false,
      membership: 'owner',
      access_request: null,
      content_visible: true,
      last_activity_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const members = await t.db.select().from(discussionMembers).where(eq(discussionMembers.discussionId, data.id));
    expect(members).toEqual([expect.objectContaining({ userId: me.id, role: 'owner' })]);
    expect((await agent.get(`/api/discussions/${data.id}`)).json()).toEqual({ data });
  });

  it('renders a body with raw HTML and a script link as text: no markup of its own, no unsafe link', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, { body: '<b onclick="x()">raw</b> [no](javascript:alert(1)) ![pixel](https://t.example/p.gif)' });
    const { body_html, excerpt } = (await agent.get(`/api/discussions/${d.id}`)).json().data;
    // The excerpt keeps the words: a link's text whole, whatever parentheses its address holds.
    expect(excerpt).toBe('raw no pixel');
    expect(body_html).toBe(
      '<p>&lt;b onclick=&quot;x()&quot;&gt;raw&lt;/b&gt; [no](javascript:alert(1)) ' +
        '<a href="https://t.example/p.gif" target="_blank" rel="noopener nofollow ugc" class="external-link">pixel</a></p>\n',
    );
  });

  it('cuts a long body to an excerpt on a word boundary with an ellipsis', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, { body: 'Metformin '.repeat(60) });
    const { excerpt } = (await agent.get(`/api/discussions/${d.id}`)).json().data;
    expect(excerpt.length).toBeLessThanOrEqual(280);
    expect(excerpt).toMatch(/^(Metformin )+Metformin…$/);
  });

  it('links an article that exists, and refuses one that does not with a sentence', async () => {
    const { agent } = await signedIn(t);
    const articleId = await anArticle(t);
    expect((await opened(agent, { article_id: articleId })) as unknown).toMatchObject({ article_id: articleId });

    const unknown = await agent.post('/api/discussions', {
      title: 'About nothing',
      body: 'x',
      access_type: 'public',
      article_id: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: 'The selected article id is invalid.',
      errors: { article_id: ['The selected article id is invalid.'] },
    });
    const malformed = await agent.post('/api/discussions', {
      title: 'About nothing',
      body: 'x',
      access_type: 'public',
      article_id: 'nope',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('article_id');
    expect(await t.db.select().from(discussions)).toHaveLength(1);
  });

  it.each([
    { field: 'title', body: { title: '  ', body: 'x', access_type: 'public' } },
    { field: 'title', body: { title: 'x'.repeat(201), body: 'x', access_type: 'public' } },
    { field: 'body', body: { title: 'A fine title', body: '', access_type: 'public' } },
    { field: 'body', body: { title: 'A fine title', body: 'x'.repeat(20_001), access_type: 'public' } },
    { field: 'access_type', body: { title: 'A fine title', body: 'x', access_type: 'secret' } },
    { field: 'access_type', body: { title: 'A fine title', body: 'x' } },
  ])('refuses a bad $field with a sentence (422) and creates nothing', async ({ field, body }) => {
    const { agent } = await signedIn(t);
    const res = await agent.post('/api/discussions', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([expect.any(String)]);
    expect(await t.db.select().from(discussions)).toEqual([]);
  });

  it('publishes discussion.created after it is saved', async () => {
    const { agent, me } = await signedIn(t);
    const events = recordEvents(t);
    const d = await opened(agent, { access_type: 'private' });
    expect(await events()).toEqual([
      { name: 'discussion.created', payload: { discussionId: d.id, actorId: me.id, accessType: 'private' } },
    ]);
  });
});

describe('the discussions list', () => {
  it('pages 20 at a time, newest activity first, with the total, and no discussion twice', async () => {
    const { agent, me } = await signedIn(t);
    const expected = await manyDiscussions(t, me.id, 25);
    const pages = await allPages(agent, '/api/discussions');
    expect(pages.map((p) => p.data.length)).toEqual([20, 5]);
    expect(pages.every((p) => p.meta.total === 25)).toBe(true);
    expect(pages.flatMap((p) => p.data.map((d) => d.id))).toEqual(expected);
  });

  it('refuses a cursor it did not hand out (422)', async () => {
    const { agent } = await signedIn(t);
    const res = await agent.get('/api/discussions?cursor=garbage');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cursor: ['The cursor is invalid.'] });
  });

  it('scopes: mine is what I own, joined is where I am a member but not the owner', async () => {
    const me = await signedIn(t);
    const pat = await signedIn(t);
    const mine = await opened(me.agent, { title: 'My own discussion' });
    const theirs = await opened(pat.agent, { title: 'Pat invites me', access_type: 'private' });
    const other = await opened(pat.agent, { title: 'Pat alone' });
    expect((await pat.agent.post(`/api/discussions/${theirs.id}/invites`, { sid: me.me.sid })).statusCode).toBe(201);

    const all = await me.agent.get('/api/discussions');
    expect(ids(all)).toEqual([other.id, theirs.id, mine.id]);
    expect(all.json().meta.total).toBe(3);
    const scoped = async (scope: string) => (await me.agent.get(`/api/discussions?scope=${scope}`)).json();
    expect(await scoped('mine')).toMatchObject({ data: [{ id: mine.id, membership: 'owner' }], meta: { total: 1 } });
    expect(await scoped('joined')).toMatchObject({ data: [{ id: theirs.id, membership: 'member' }], meta: { total: 1 } });
    expect((await me.agent.get('/api/discussions?scope=everything')).statusCode).toBe(422);
  });

  it('searches title and body (websearch syntax), and blank q is no filter', async () => {
    const { agent } = await signedIn(t);
    const insulin = await opened(agent, { title: 'Insulin pumps', body: 'Which pump do you use?' });
    const sleep = await opened(agent, { title: 'Sleep apnea', body: 'CPAP masks and insulin resistance' });
    await opened(agent, { title: 'Running injuries', body: 'Knees and ankles' });

    const search = async (q: string) => (await agent.get(`/api/discussions?q=${encodeURIComponent(q)}`)).json();
    expect(await search('insulin')).toMatchObject({ data: [{ id: sleep.id }, { id: insulin.id }], meta: { total: 2 } });
    expect((await search('pumps')).data.map((d: { id: string }) => d.id)).toEqual([insulin.id]);
    expect((await search('insulin -pump')).data.map((d: { id: string }) => d.id)).toEqual([sleep.id]);
    expect((await search('"insulin resistance"')).data.map((d: { id: string }) => d.id)).toEqual([sleep.id]);
    expect((await search('   ')).meta.total).toBe(3);
  });

  it.each(['"', "'", '&', '!', ':*', 'a & !b', '(((', '\\', '|', 'or', '-', '<->', 'insulin:*', '💉 & ?', 'x'.repeat(200)])(
    'never fails on a hostile q: %j',
    async (q) => {
      const { agent } = await signedIn(t);
      await opened(agent);
      const res = await agent.get(`/api/discussions?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total).toBe(res.json().data.length);
    },
  );

  it('filters by article for the search drawer; an id that is not an article id matches nothing', async () => {
    const { agent } = await signedIn(t);
    const articleId = await anArticle(t);
    const about = await opened(agent, { article_id: articleId });
    await opened(agent);
    expect(await agent.get(`/api/discussions?article_id=${articleId}`).then((r) => r.json())).toMatchObject({
      data: [{ id: about.id, article_id: articleId }],
      meta: { total: 1 },
    });
    const junk = await agent.get('/api/discussions?article_id=not-a-uuid');
    expect(junk.statusCode).toBe(200);
    expect(junk.json()).toEqual({ data: [], meta: { next_cursor: null, total: 0 } });
  });

  it('costs the same number of SQL statements for a page of 1 as for a page of 20', async () => {
    const { agent, me } = await signedIn(t);
    const pat = await signedIn(t);
    const first = await opened(pat.agent, { access_type: 'invite_only' });
    await pat.agent.post(`/api/discussions/${first.id}/upvote`);
    const statementsFor = async () => {
      await agent.get('/api/discussions'); // warms whatever the session layer caches
      const { result: res, statements } = await countingStatements(() => agent.get('/api/discussions'));
      expect(res.statusCode).toBe(200);
      return { statements, rows: res.json().data.length };
    };
    const one = await statementsFor();
    await manyDiscussions(t, me.id, 30, 'invite_only');
    const twenty = await statementsFor();
    expect(one.rows).toBe(1);
    expect(twenty.rows).toBe(20);
    expect(twenty.statements).toBe(one.statements);
  });
});

describe('who sees what', () => {
  it("shows an invite-only discussion to a non-member as a preview: title and the owner's summary, nothing of the body", async () => {
    const owner = await signedIn(t);
    const reader = await signedIn(t);
    const d = await opened(owner.agent, {
      access_type: 'invite_only',
      body: 'Members only: my **lab results**',
      summary: 'A circle for people\n  sharing test results.',
    });
    const { body_html, citations, ...preview } = (await reader.agent.get(`/api/discussions/${d.id}`)).json().data;
    expect(body_html).toBeNull();
    expect(citations).toEqual([]);
    expect(preview).toMatchObject({
      body: null,
      content_visible: false,
      excerpt: null,
      summary: 'A circle for people sharing test results.',
      membership: null,
    });
    expect((await reader.agent.get('/api/discussions')).json().data).toEqual([preview]);
    expect((await owner.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({
      body: 'Members only: my **lab results**',
      body_html: '<p>Members only: my <strong>lab results</strong></p>\n',
      content_visible: true,
    });
  });

  it('hides a private discussion from non-members: the same 404 as a missing one, absent from lists and totals', async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const secret = await opened(owner.agent, { access_type: 'private' });
    const open = await opened(owner.agent);
    const res = await stranger.agent.get(`/api/discussions/${secret.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await stranger.agent.get('/api/discussions/nothing12345')).json()).toEqual(NOT_FOUND);
    for (const url of ['/api/discussions', `/api/discussions?q=diabetes`, `/api/users/${owner.me.sid}/discussions`]) {
      const list = (await stranger.agent.get(url)).json();
      expect(
        list.data.map((d: { id: string }) => d.id),
        url,
      ).toEqual([open.id]);
      expect(list.meta.total, url).toBe(1);
    }
    for (const write of [
      stranger.agent.post(`/api/discussions/${secret.id}/upvote`),
      stranger.agent.patch(`/api/discussions/${secret.id}`, { title: 'Mine now' }),
      stranger.agent.delete(`/api/discussions/${secret.id}`),
      stranger.agent.post(`/api/discussions/${secret.id}/access-requests`),
      stranger.agent.get(`/api/discussions/${secret.id}/members`),
    ]) {
      expect((await write).json()).toEqual(NOT_FOUND);
    }
    expect((await owner.agent.get('/api/discussions')).json().meta.total).toBe(2);
  });

  it('hides everything between two people in a block, both ways, and their profiles answer 404', async () => {
    const alex = await signedIn(t);
    const sam = await signedIn(t);
    const third = await signedIn(t);
    const alexs = await opened(alex.agent, { title: 'Alex asks' });
    const sams = await opened(sam.agent, { title: 'Sam asks' });
    await block(t, alex.me.id, sam.me.id);

    for (const [viewer, hidden, visible, other] of [
      [alex, sams, alexs, sam],
      [sam, alexs, sams, alex],
    ] as const) {
      expect((await viewer.agent.get(`/api/discussions/${hidden.id}`)).json()).toEqual(NOT_FOUND);
      expect((await viewer.agent.get('/api/discussions')).json()).toMatchObject({ data: [{ id: visible.id }], meta: { total: 1 } });
      expect((await viewer.agent.get(`/api/users/${other.me.sid}/discussions`)).statusCode).toBe(404);
      expect((await viewer.agent.post(`/api/discussions/${hidden.id}/upvote`)).statusCode).toBe(404);
    }
    expect((await third.agent.get('/api/discussions')).json().meta.total).toBe(2);
  });
});

describe('the owner changes a discussion', () => {
  it('changes title, body and access type; updated_at moves', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent);
    const before = (await agent.get(`/api/discussions/${d.id}`)).json().data;
    const res = await agent.patch(`/api/discussions/${d.id}`, { title: 'A better title', body: 'New _body_', access_type: 'private' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'A better title',
      body: 'New _body_',
      body_html: '<p>New <em>body</em></p>\n',
      excerpt: 'New body',
      access_type: 'private',
    });
    expect(Date.parse(res.json().data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('refuses bad changes with a sentence (422)', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent);
    for (const body of [{ title: '' }, { access_type: 'hidden' }, { body: 'x'.repeat(20_001) }, { article_id: crypto.randomUUID() }]) {
      const res = await agent.patch(`/api/discussions/${d.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('lets only the owner change or delete it: a member gets 403 with a sentence', async () => {
    const owner = await signedIn(t);
    const member = await signedIn(t);
    const d = await opened(owner.agent);
    await owner.agent.post(`/api/discussions/${d.id}/invites`, { sid: member.me.sid });
    const sentence = { message: 'Only the owner of this discussion can do that.' };
    const patch = await member.agent.patch(`/api/discussions/${d.id}`, { title: 'Taken over' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual(sentence);
    const del = await member.agent.delete(`/api/discussions/${d.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual(sentence);

    const gone = await owner.agent.delete(`/api/discussions/${d.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await owner.agent.get(`/api/discussions/${d.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(discussionMembers)).toEqual([]);
  });
});

describe('plans', () => {
  it('lets a reader read but not post (403 naming the plan); without a plan even reading is 403', async () => {
    const owner = await signedIn(t);
    const reader = await signedIn(t);
    const lapsed = await signedIn(t);
    const d = await opened(owner.agent);
    await givePlan(t, reader.me.id, 'reader');
    await givePlan(t, lapsed.me.id, 'none');

    expect((await reader.agent.get('/api/discussions')).statusCode).toBe(200);
    expect((await reader.agent.get(`/api/discussions/${d.id}`)).statusCode).toBe(200);
    for (const res of [
      await reader.agent.post('/api/discussions', { title: 'Reader post', body: 'x', access_type: 'public' }),
      await reader.agent.post(`/api/discussions/${d.id}/upvote`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: expect.any(String), required_plan: 'leader_subscription' });
    }
    const res = await lapsed.agent.get('/api/discussions');
    expect(res.statusCode).toBe(403);
    expect(res.json().required_plan).toBe('reader_subscription');
    expect((await lapsed.agent.get(`/api/discussions/${d.id}`)).statusCode).toBe(403);
  });
});

describe('upvotes', () => {
  it('toggles idempotently and keeps the count in step', async () => {
    const owner = await signedIn(t);
    const fan = await signedIn(t);
    const d = await opened(owner.agent);
    const up = (who: typeof owner) => who.agent.post(`/api/discussions/${d.id}/upvote`);
    const down = (who: typeof owner) => who.agent.delete(`/api/discussions/${d.id}/upvote`);

    expect((await up(fan)).json()).toEqual({ data: { upvoted: true, upvotes_count: 1 } });
    expect((await up(fan)).json()).toEqual({ data: { upvoted: true, upvotes_count: 1 } });
    expect((await up(owner)).json()).toEqual({ data: { upvoted: true, upvotes_count: 2 } });
    expect((await fan.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({ upvoted: true, upvotes_count: 2 });
    expect((await down(fan)).json()).toEqual({ data: { upvoted: false, upvotes_count: 1 } });
    expect((await down(fan)).json()).toEqual({ data: { upvoted: false, upvotes_count: 1 } });
    expect((await fan.agent.get(`/api/discussions/${d.id}`)).json().data).toMatchObject({ upvoted: false, upvotes_count: 1 });
  });

  it('needs the content: a non-member of an invite-only discussion gets 403 with a sentence', async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const d = await opened(owner.agent, { access_type: 'invite_only' });
    const res = await stranger.agent.post(`/api/discussions/${d.id}/upvote`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This discussion is for members only. Ask the owner for access.' });
    expect((await owner.agent.get(`/api/discussions/${d.id}`)).json().data.upvotes_count).toBe(0);
  });

  it("lists a person's upvotes on their profile, most recent first, only what I may see", async () => {
    const owner = await signedIn(t);
    const fan = await signedIn(t);
    const viewer = await signedIn(t);
    const a = await opened(owner.agent, { title: 'First one' });
    const secret = await opened(owner.agent, { title: 'Secret one', access_type: 'private' });
    const b = await opened(owner.agent, { title: 'Second one' });
    await owner.agent.post(`/api/discussions/${secret.id}/invites`, { sid: fan.me.sid });
    for (const d of [b, secret, a]) await fan.agent.post(`/api/discussions/${d.id}/upvote`);

    expect((await fan.agent.get(`/api/users/${fan.me.sid}/upvotes`)).json()).toMatchObject({
      data: [{ id: a.id, upvoted: true }, { id: secret.id }, { id: b.id }],
      meta: { total: 3, next_cursor: null },
    });
    expect((await viewer.agent.get(`/api/users/${fan.me.sid}/upvotes`)).json()).toMatchObject({
      data: [{ id: a.id, upvoted: false }, { id: b.id }],
      meta: { total: 2 },
    });
    expect((await viewer.agent.get('/api/users/nobody00000/upvotes')).json()).toEqual({ message: 'The user was not found.' });
  });
});
