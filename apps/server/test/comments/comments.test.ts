import { COMMENTS_PAGE_SIZE } from '@wink/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commentFollows, comments, discussions } from '../../src/db/schema/index';
import { allPages, others, signedIn, summaryOf } from '../community/people';
import { Agent } from '../support/agent';
import { countingStatements } from '../support/statements';
import { useTestApp } from '../support/test-app';
import { commentsAt, discussionOf } from './support';

const t = useTestApp();

const commentRow = async (id: string) => (await t.db.select().from(comments).where(eq(comments.id, id)))[0]!;
const discussionRow = async (id: string) => (await t.db.select().from(discussions).where(eq(discussions.id, id)))[0]!;

describe('posting a comment', () => {
  it('answers 201 with the comment, counts it on the discussion, and makes me follow my thread', async () => {
    const { agent, me } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const before = await discussionRow(id);

    const res = await agent.post(`/api/discussions/${id}/comments`, { body: '  Good question.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json().data;
    expect(comment).toEqual({
      id: expect.any(String),
      discussion_id: id,
      parent_id: null,
      body: 'Good question.',
      author: summaryOf(me),
      replies_count: 0,
      upvotes_count: 0,
      upvoted: false,
      followed: true,
      edited_at: null,
      deleted: false,
      created_at: expect.any(String),
      citations: [],
    });
    const after = await discussionRow(id);
    expect(after.commentsCount).toBe(1);
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.lastActivityAt.getTime());
    expect(await t.db.select().from(commentFollows)).toEqual([expect.objectContaining({ commentId: comment.id, userId: me.id })]);
  });

  it('stores markup verbatim (the web sanitises when it renders) and gives it back unchanged', async () => {
    const { agent } = await signedIn(t);
    const id = await discussionOf(t, (await others(t, 1))[0]!.id);
    const payload = '<script>alert(1)</script><img src=x onerror="alert(2)"> [x](javascript:alert(3)) **bold**';
    const created = await agent.post(`/api/discussions/${id}/comments`, { body: payload });
    expect(created.json().data.body).toBe(payload);
    const listed = await agent.get(`/api/discussions/${id}/comments`);
    expect(listed.json().data[0].body).toBe(payload);
  });

  it('replies one level deep: the parent counts it, the discussion counts it, and the reply lists under its parent', async () => {
    const { agent, me } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const [parent] = await commentsAt(t, id, owner!.id, 1);

    const res = await agent.post(`/api/discussions/${id}/comments`, { body: 'I agree', parent_id: parent });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ parent_id: parent, author: summaryOf(me), followed: false });
    expect((await commentRow(parent!)).repliesCount).toBe(1);
    expect((await discussionRow(id)).commentsCount).toBe(2);

    const top = await agent.get(`/api/discussions/${id}/comments`);
    expect(top.json().data.map((c: { id: string }) => c.id)).toEqual([parent]);
    const replies = await agent.get(`/api/discussions/${id}/comments?parent_id=${parent}`);
    expect(replies.json()).toEqual({ data: [res.json().data], meta: { next_cursor: null, total: 1 } });
  });

  it('refuses bad replies with a sentence under parent_id, and nothing is written', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const elsewhere = await discussionOf(t, owner!.id);
    const [parent, gone] = await commentsAt(t, id, owner!.id, 2);
    const [reply] = await commentsAt(t, id, owner!.id, 1, { parentId: parent });
    const [foreign] = await commentsAt(t, elsewhere, owner!.id, 1);
    await t.db.update(comments).set({ deletedAt: new Date(), body: '' }).where(eq(comments.id, gone!));

    const cases = [
      [reply, 'Replies are one level deep: reply to the comment instead.'],
      [gone, 'This comment was deleted and cannot be replied to.'],
      [foreign, 'The selected parent id is invalid.'],
      ['nothing1234', 'The selected parent id is invalid.'],
      ["' OR 1=1 --", 'The selected parent id is invalid.'],
    ] as const;
    for (const [parentId, sentence] of cases) {
      const res = await agent.post(`/api/discussions/${id}/comments`, { body: 'Hello', parent_id: parentId });
      expect(res.statusCode, `${parentId}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ message: sentence, errors: { parent_id: [sentence] } });
    }
    expect((await discussionRow(id)).commentsCount).toBe(3);
  });

  it('refuses an empty, blank or oversize body, and a body with a NUL character, without a 500', async () => {
    const { agent } = await signedIn(t);
    const id = await discussionOf(t, (await others(t, 1))[0]!.id);
    for (const body of [{}, { body: '' }, { body: '   ' }, { body: 'x'.repeat(10_001) }, { body: 42 }, { body: 'a\u0000b' }]) {
      const res = await agent.post(`/api/discussions/${id}/comments`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.body).toEqual([expect.any(String)]);
    }
    expect((await agent.post(`/api/discussions/${id}/comments`, { body: 'x'.repeat(10_000) })).statusCode).toBe(201);
  });
});

describe('reading comments', () => {
  it('lists top-level comments oldest first, twenty a page, with the total, neither skipping nor repeating', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const ids = await commentsAt(t, id, owner!.id, 45);
    await commentsAt(t, id, owner!.id, 3, { parentId: ids[0] });

    const pages = await allPages(agent, `/api/discussions/${id}/comments`);
    expect(pages.map((p) => p.data.length)).toEqual([COMMENTS_PAGE_SIZE, COMMENTS_PAGE_SIZE, 5]);
    expect(pages.map((p) => p.meta.total)).toEqual([45, 45, 45]);
    expect(pages.flatMap((p) => p.data.map((c) => c.id))).toEqual(ids);
  });

  it('marks what I upvoted and which threads I follow (a reply shows its thread), in the same statements for 1 or 20 rows', async () => {
    const { agent, me } = await signedIn(t);
    const [owner] = await others(t, 1);
    const small = await discussionOf(t, owner!.id);
    const big = await discussionOf(t, owner!.id);
    await commentsAt(t, small, owner!.id, 1);
    const many = await commentsAt(t, big, owner!.id, 20);
    await agent.post(`/api/comments/${many[3]}/upvote`);
    await agent.post(`/api/comments/${many[5]}/follow`);

    const count = async (url: string) => {
      const { result: res, statements } = await countingStatements(() => agent.get(url));
      expect(res.statusCode, res.body).toBe(200);
      return { statements, body: res.json() };
    };
    await count(`/api/discussions/${small}/comments`); // the first request also looks up the session
    const one = await count(`/api/discussions/${small}/comments`);
    const twenty = await count(`/api/discussions/${big}/comments`);
    expect(one.body.data).toHaveLength(1);
    expect(twenty.body.data).toHaveLength(20);
    expect(one.statements).toBeGreaterThan(0);
    expect(twenty.statements).toBe(one.statements);
    expect(twenty.body.data.map((c: { upvoted: boolean }) => c.upvoted).filter(Boolean)).toHaveLength(1);
    expect(twenty.body.data[3]).toMatchObject({ upvoted: true, upvotes_count: 1 });
    expect(twenty.body.data[5]).toMatchObject({ followed: true });

    const [reply] = await commentsAt(t, big, me.id, 1, { parentId: many[5] });
    const replies = await agent.get(`/api/discussions/${big}/comments?parent_id=${many[5]}`);
    expect(replies.json().data).toEqual([expect.objectContaining({ id: reply, followed: true })]);
  });

  it('answers 404 for replies of a comment that is not a top-level comment of this discussion', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const a = await discussionOf(t, owner!.id);
    const b = await discussionOf(t, owner!.id);
    const [top] = await commentsAt(t, a, owner!.id, 1);
    const [reply] = await commentsAt(t, a, owner!.id, 1, { parentId: top });
    for (const url of [`/api/discussions/${b}/comments?parent_id=${top}`, `/api/discussions/${a}/comments?parent_id=${reply}`]) {
      const res = await agent.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'The comment was not found.' });
    }
    expect((await agent.get(`/api/discussions/${a}/comments?cursor=not-a-cursor`)).statusCode).toBe(422);
    expect((await agent.get('/api/discussions/nothing/comments')).statusCode).toBe(404);
  });

  it('opens one comment with its first twenty replies, the cursor to the rest, and its discussion', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id, { title: 'Statins at 80?' });
    const other = await discussionOf(t, owner!.id);
    const [top] = await commentsAt(t, id, owner!.id, 1);
    const replies = await commentsAt(t, id, owner!.id, 25, { parentId: top });

    const res = await agent.get(`/api/discussions/${id}/comments/${top}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ id: top, replies_count: 25, author: summaryOf(owner!) });
    expect(body.data.replies.map((r: { id: string }) => r.id)).toEqual(replies.slice(0, 20));
    expect(body.meta.discussion).toMatchObject({ id, title: 'Statins at 80?', comments_count: 26, content_visible: true });
    const rest = await agent.get(`/api/discussions/${id}/comments?parent_id=${top}&cursor=${encodeURIComponent(body.meta.next_cursor)}`);
    expect(rest.json().data.map((r: { id: string }) => r.id)).toEqual(replies.slice(20));

    const asReply = await agent.get(`/api/discussions/${id}/comments/${replies[0]}`);
    expect(asReply.json().data).toMatchObject({ id: replies[0], parent_id: top, replies: [] });
    expect(asReply.json().meta.next_cursor).toBeNull();

    const foreign = await agent.get(`/api/discussions/${other}/comments/${top}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'The comment was not found.' });
  });
});

describe('editing and deleting', () => {
  it('lets me edit my own comment (edited_at set) and nobody else’s', async () => {
    const author = await signedIn(t);
    const stranger = await signedIn(t);
    const id = await discussionOf(t, (await others(t, 1))[0]!.id);
    const cid = (await author.agent.post(`/api/discussions/${id}/comments`, { body: 'Frist' })).json().data.id;

    const res = await author.agent.patch(`/api/comments/${cid}`, { body: 'First' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: cid, body: 'First', edited_at: expect.any(String), followed: true });

    const refused = await stranger.agent.patch(`/api/comments/${cid}`, { body: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only change your own comments.' });
    expect((await author.agent.patch(`/api/comments/${cid}`, { body: '' })).statusCode).toBe(422);
    expect((await author.agent.patch('/api/comments/nothing123', { body: 'x' })).statusCode).toBe(404);
    expect((await commentRow(cid)).body).toBe('First');
  });

  it('deletes softly: 204, the thread and the count stay, the comment says nothing any more and cannot be edited', async () => {
    const author = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const cid = (await author.agent.post(`/api/discussions/${id}/comments`, { body: 'Oops' })).json().data.id;
    await commentsAt(t, id, owner!.id, 2, { parentId: cid });

    const res = await author.agent.delete(`/api/comments/${cid}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const listed = (await author.agent.get(`/api/discussions/${id}/comments`)).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: cid, body: null, author: null, deleted: true, replies_count: 2 })]);
    expect((await author.agent.get(`/api/discussions/${id}/comments?parent_id=${cid}`)).json().data).toHaveLength(2);
    expect((await discussionRow(id)).commentsCount).toBe(3);
    expect((await commentRow(cid)).body).toBe('');

    const edit = await author.agent.patch(`/api/comments/${cid}`, { body: 'Back' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe('This comment was deleted.');
    expect((await author.agent.delete(`/api/comments/${cid}`)).statusCode).toBe(204);
  });

  it('lets the discussion owner delete anyone’s comment in their discussion; a stranger gets 403', async () => {
    const owner = await signedIn(t);
    const author = await signedIn(t);
    const stranger = await signedIn(t);
    const id = await discussionOf(t, owner.me.id);
    const cid = (await author.agent.post(`/api/discussions/${id}/comments`, { body: 'Spam spam' })).json().data.id;
    expect((await stranger.agent.delete(`/api/comments/${cid}`)).statusCode).toBe(403);
    expect((await owner.agent.delete(`/api/comments/${cid}`)).statusCode).toBe(204);
    expect((await commentRow(cid)).deletedAt).not.toBeNull();
  });
});

describe('upvotes and follows', () => {
  it('toggles an upvote idempotently, keeping the count in step', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const [cid] = await commentsAt(t, id, owner!.id, 1);
    expect((await agent.post(`/api/comments/${cid}/upvote`)).json()).toEqual({ data: { upvoted: true, upvotes_count: 1 } });
    expect((await agent.post(`/api/comments/${cid}/upvote`)).json()).toEqual({ data: { upvoted: true, upvotes_count: 1 } });
    expect((await commentRow(cid!)).upvotesCount).toBe(1);
    expect((await agent.delete(`/api/comments/${cid}/upvote`)).json()).toEqual({ data: { upvoted: false, upvotes_count: 0 } });
    expect((await agent.delete(`/api/comments/${cid}/upvote`)).json()).toEqual({ data: { upvoted: false, upvotes_count: 0 } });
    expect((await agent.post('/api/comments/nothing123/upvote')).statusCode).toBe(404);
  });

  it('follows a thread and stops following it; following a reply follows its thread', async () => {
    const { agent, me } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const [top] = await commentsAt(t, id, owner!.id, 1);
    const [reply] = await commentsAt(t, id, owner!.id, 1, { parentId: top });
    expect((await agent.post(`/api/comments/${reply}/follow`)).json()).toEqual({ data: { followed: true } });
    expect(await t.db.select().from(commentFollows)).toEqual([expect.objectContaining({ commentId: top, userId: me.id })]);
    expect((await agent.get(`/api/discussions/${id}/comments`)).json().data[0].followed).toBe(true);
    expect((await agent.delete(`/api/comments/${top}/follow`)).json()).toEqual({ data: { followed: false } });
    expect(await t.db.select().from(commentFollows)).toEqual([]);
  });
});

describe('events', () => {
  it('announces a comment after it is saved, and a reply to the thread’s followers except the replier', async () => {
    const author = await signedIn(t);
    const replier = await signedIn(t);
    const fan = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const events: unknown[] = [];
    t.app.events.onAny((event) => events.push(event));

    const top = (await author.agent.post(`/api/discussions/${id}/comments`, { body: 'Thread' })).json().data.id;
    await fan.agent.post(`/api/comments/${top}/follow`);
    await replier.agent.post(`/api/comments/${top}/follow`);
    const reply = (await replier.agent.post(`/api/discussions/${id}/comments`, { body: 'Reply', parent_id: top })).json().data.id;
    await t.app.events.settled();

    expect(events).toEqual([
      { name: 'comment.created', payload: { discussionId: id, commentId: top, parentId: null, actorId: author.me.id } },
      { name: 'comment.created', payload: { discussionId: id, commentId: reply, parentId: top, actorId: replier.me.id } },
      {
        name: 'comment.followed.created',
        payload: {
          discussionId: id,
          commentId: reply,
          parentId: top,
          actorId: replier.me.id,
          followerIds: [author.me.id, fan.me.id].sort((a, b) => a - b),
        },
      },
    ]);
  });

  it('announces nothing when the comment is refused', async () => {
    const { agent } = await signedIn(t);
    const id = await discussionOf(t, (await others(t, 1))[0]!.id);
    const events: unknown[] = [];
    t.app.events.onAny((event) => events.push(event));
    await agent.post(`/api/discussions/${id}/comments`, { body: '' });
    await agent.post(`/api/discussions/${id}/comments`, { body: 'x', parent_id: 'nothing' });
    await t.app.events.settled();
    expect(events).toEqual([]);
  });
});

describe('hostile input', () => {
  it('answers odd ids and bodies with 404 or 422 and a sentence, never a 500', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const [cid] = await commentsAt(t, id, owner!.id, 1);
    const odd = ['%00', 'a%00b', encodeURIComponent("' OR '1'='1"), encodeURIComponent('../../etc'), 'x'.repeat(65), '%F0%9F%92%A9'];
    const calls = odd.flatMap((bad) => [
      () => agent.get(`/api/discussions/${bad}/comments`),
      () => agent.get(`/api/discussions/${id}/comments/${bad}`),
      () => agent.get(`/api/discussions/${id}/comments?parent_id=${bad}`),
      () => agent.post(`/api/discussions/${bad}/comments`, { body: 'Hi' }),
      () => agent.post(`/api/discussions/${id}/comments`, { body: 'Hi', parent_id: decodeURIComponent(bad.replace('%F0%9F%92%A9', '💩')) }),
      () => agent.patch(`/api/comments/${bad}`, { body: 'Hi' }),
      () => agent.delete(`/api/comments/${bad}`),
      () => agent.post(`/api/comments/${bad}/upvote`),
      () => agent.post(`/api/comments/${bad}/follow`),
      () => agent.post(`/api/comments/${bad}/report`, { reason: 'spam' }),
      () => agent.post(`/api/discussions/${bad}/report`, { reason: 'spam' }),
    ]);
    for (const call of calls) {
      const res = await call();
      expect([404, 422], res.body).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const nul = await agent.patch(`/api/comments/${cid}`, { body: 'a\u0000b' });
    expect(nul.statusCode).toBe(422);
    expect((await agent.post(`/api/discussions/${id}/comments`, { body: { nested: true } })).statusCode).toBe(422);
  });

  it('accepts a form-encoded reply, as the seed’s client may send one', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const [parent] = await commentsAt(t, id, owner!.id, 1);
    const res = await agent.post(`/api/discussions/${id}/comments`, `body=Hi%20there&parent_id=${parent}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ body: 'Hi there', parent_id: parent });
  });
});

describe('posting limits', () => {
  it('stops a new account at its hourly comment limit with 429 and Retry-After, and writes nothing more', async () => {
    const app = await t.buildApp({ POSTING_LIMIT_SCALE: 1 });
    const agent = new Agent(app);
    await agent.register();
    const id = await discussionOf(t, (await others(t, 1))[0]!.id);
    for (let i = 0; i < 30; i++) expect((await agent.post(`/api/discussions/${id}/comments`, { body: `No. ${i}` })).statusCode).toBe(201);
    const refused = await agent.post(`/api/discussions/${id}/comments`, { body: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await discussionRow(id)).commentsCount).toBe(30);
  });
});
