import { describe, expect, it } from 'vitest';
import { commentFollows, comments, reports } from '../../src/db/schema/index';
import { others, signedIn } from '../community/people';
import { useTestApp } from '../support/test-app';
import { block, commentsAt, discussionOf, putOnPlan } from './support';

const t = useTestApp();

const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((c) => c.id);

describe('who may read and write comments', () => {
  it('a private discussion’s comments do not exist for non-members (404, same sentence as a missing one)', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id, { access: 'private' });
    const [cid] = await commentsAt(t, id, owner!.id, 1);
    const missing = { message: 'The discussion was not found.' };
    for (const res of [
      await agent.get(`/api/discussions/${id}/comments`),
      await agent.get(`/api/discussions/${id}/comments/${cid}`),
      await agent.post(`/api/discussions/${id}/comments`, { body: 'Let me in' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing);
    }
    for (const res of [
      await agent.post(`/api/comments/${cid}/upvote`),
      await agent.post(`/api/comments/${cid}/follow`),
      await agent.patch(`/api/comments/${cid}`, { body: 'x' }),
      await agent.post(`/api/comments/${cid}/report`, { reason: 'spam' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'The comment was not found.' });
    }
    expect((await agent.post(`/api/discussions/${id}/report`, { reason: 'spam' })).statusCode).toBe(404);
  });

  it('an invite-only discussion’s comments are for members: 403 with a sentence for others, members read and post', async () => {
    const outsider = await signedIn(t);
    const member = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id, { access: 'invite_only', members: [member.me.id] });
    const [cid] = await commentsAt(t, id, owner!.id, 1);
    const membersOnly = { message: 'This discussion is for members only. Ask the owner for access.' };
    for (const res of [
      await outsider.agent.get(`/api/discussions/${id}/comments`),
      await outsider.agent.get(`/api/discussions/${id}/comments/${cid}`),
      await outsider.agent.post(`/api/discussions/${id}/comments`, { body: 'Hello?' }),
      await outsider.agent.post(`/api/comments/${cid}/upvote`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(membersOnly);
    }
    expect((await t.db.select().from(comments)).length).toBe(1);

    expect(ids(await member.agent.get(`/api/discussions/${id}/comments`))).toEqual([cid]);
    expect((await member.agent.post(`/api/discussions/${id}/comments`, { body: 'Thanks', parent_id: cid })).statusCode).toBe(201);
  });

  it('a private discussion’s members read and post', async () => {
    const member = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id, { access: 'private', members: [member.me.id] });
    expect((await member.agent.post(`/api/discussions/${id}/comments`, { body: 'Inside' })).statusCode).toBe(201);
    expect((await member.agent.get(`/api/discussions/${id}/comments`)).json().meta.total).toBe(1);
  });
});

describe('blocks hide comments both ways', () => {
  it('neither side sees the other’s comments or replies; a blocked top-level comment hides with its replies', async () => {
    const me = await signedIn(t);
    const [owner, blocked, blocker, friend] = await others(t, 4);
    const id = await discussionOf(t, owner!.id);
    const [mine] = await commentsAt(t, id, me.me.id, 1, { base: '2025-03-01T09:00:00Z' });
    const [theirs] = await commentsAt(t, id, blocked!.id, 1, { base: '2025-03-01T09:01:00Z' });
    const [byBlocker] = await commentsAt(t, id, blocker!.id, 1, { base: '2025-03-01T09:02:00Z' });
    const [friends] = await commentsAt(t, id, friend!.id, 1, { base: '2025-03-01T09:03:00Z' });
    await commentsAt(t, id, friend!.id, 1, { parentId: theirs });
    const [hiddenReply] = await commentsAt(t, id, blocked!.id, 1, { parentId: mine });
    await block(t, me.me.id, blocked!.id);
    await block(t, blocker!.id, me.me.id);

    const top = await me.agent.get(`/api/discussions/${id}/comments`);
    expect(ids(top)).toEqual([mine, friends]);
    expect(top.json().meta.total).toBe(2);
    expect(ids(await me.agent.get(`/api/discussions/${id}/comments?parent_id=${mine}`))).toEqual([]);
    for (const cid of [theirs, byBlocker]) {
      expect((await me.agent.get(`/api/discussions/${id}/comments?parent_id=${cid}`)).statusCode).toBe(404);
      expect((await me.agent.get(`/api/discussions/${id}/comments/${cid}`)).statusCode).toBe(404);
      expect((await me.agent.post(`/api/comments/${cid}/upvote`)).statusCode).toBe(404);
    }
    expect((await me.agent.get(`/api/discussions/${id}/comments/${hiddenReply}`)).statusCode).toBe(404);
  });

  it('refuses a reply to someone in a block with me with the neutral sentence', async () => {
    const me = await signedIn(t);
    const [owner, blocked, blocker] = await others(t, 3);
    const id = await discussionOf(t, owner!.id);
    const [a] = await commentsAt(t, id, blocked!.id, 1);
    const [b] = await commentsAt(t, id, blocker!.id, 1);
    await block(t, me.me.id, blocked!.id);
    await block(t, blocker!.id, me.me.id);
    for (const parent of [a, b]) {
      const res = await me.agent.post(`/api/discussions/${id}/comments`, { body: 'Hey', parent_id: parent });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'You cannot reply to this comment.',
        errors: { parent_id: ['You cannot reply to this comment.'] },
      });
    }
  });

  it('does not tell a follower who blocked the replier about the reply', async () => {
    const author = await signedIn(t);
    const replier = await signedIn(t);
    const [owner, shy] = await others(t, 2);
    const id = await discussionOf(t, owner!.id);
    const top = (await author.agent.post(`/api/discussions/${id}/comments`, { body: 'Thread' })).json().data.id;
    await t.db.insert(commentFollows).values({ commentId: top, userId: shy!.id });
    await block(t, shy!.id, replier.me.id);
    const events: { name: string; payload: { followerIds?: number[] } }[] = [];
    t.app.events.onAny((event) => events.push(event as never));
    await replier.agent.post(`/api/discussions/${id}/comments`, { body: 'Reply', parent_id: top });
    await t.app.events.settled();
    expect(events.find((e) => e.name === 'comment.followed.created')!.payload.followerIds).toEqual([author.me.id]);
  });
});

describe('the plan gate', () => {
  it('a reader reads comments but cannot post, upvote or follow (403 naming the plan); reporting is reading', async () => {
    const reader = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    const [cid] = await commentsAt(t, id, owner!.id, 1);
    await putOnPlan(t, reader.me.id, 'reader');

    expect((await reader.agent.get(`/api/discussions/${id}/comments`)).statusCode).toBe(200);
    expect((await reader.agent.get(`/api/discussions/${id}/comments/${cid}`)).statusCode).toBe(200);
    for (const res of [
      await reader.agent.post(`/api/discussions/${id}/comments`, { body: 'Hi' }),
      await reader.agent.post(`/api/comments/${cid}/upvote`),
      await reader.agent.post(`/api/comments/${cid}/follow`),
      await reader.agent.patch(`/api/comments/${cid}`, { body: 'Hi' }),
      await reader.agent.delete(`/api/comments/${cid}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().required_plan).toBe('leader_subscription');
    }
    expect((await reader.agent.post(`/api/comments/${cid}/report`, { reason: 'spam' })).statusCode).toBe(201);
  });

  it('someone with no plan cannot even read (403 naming the reader plan)', async () => {
    const lapsed = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    await putOnPlan(t, lapsed.me.id, 'none');
    const res = await lapsed.agent.get(`/api/discussions/${id}/comments`);
    expect(res.statusCode).toBe(403);
    expect(res.json().required_plan).toBe('reader_subscription');
    expect((await lapsed.agent.post(`/api/discussions/${id}/report`, { reason: 'spam' })).statusCode).toBe(403);
  });

  it('a guest is asked to sign in', async () => {
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id);
    expect((await t.app.inject({ url: `/api/discussions/${id}/comments` })).statusCode).toBe(401);
  });
});

describe('reports', () => {
  it('files a report on a discussion or a comment once per person, with whose content it is', async () => {
    const { agent, me } = await signedIn(t);
    const [owner, author] = await others(t, 2);
    const id = await discussionOf(t, owner!.id);
    const [cid] = await commentsAt(t, id, author!.id, 1);

    const onDiscussion = await agent.post(`/api/discussions/${id}/report`, { reason: 'misinformation', details: ' Cites nothing. ' });
    expect(onDiscussion.statusCode, onDiscussion.body).toBe(201);
    expect(onDiscussion.json()).toEqual({ data: { id: expect.any(String), reason: 'misinformation', created_at: expect.any(String) } });
    const onComment = await agent.post(`/api/comments/${cid}/report`, { reason: 'harassment' });
    expect(onComment.statusCode).toBe(201);

    const rows = await t.db.select().from(reports).orderBy(reports.createdAt);
    expect(rows).toEqual([
      expect.objectContaining({
        reporterId: me.id,
        discussionId: id,
        commentId: null,
        reportedUserId: owner!.id,
        details: 'Cites nothing.',
      }),
      expect.objectContaining({ reporterId: me.id, discussionId: id, commentId: cid, reportedUserId: author!.id, status: 'open' }),
    ]);

    for (const url of [`/api/discussions/${id}/report`, `/api/comments/${cid}/report`]) {
      const again = await agent.post(url, { reason: 'spam' });
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toBe('You have already reported this.');
    }
  });

  it('refuses an unknown reason or oversize details with a sentence', async () => {
    const { agent } = await signedIn(t);
    const id = await discussionOf(t, (await others(t, 1))[0]!.id);
    const bad = await agent.post(`/api/discussions/${id}/report`, { reason: 'boring' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reason).toEqual(['The selected reason is invalid.']);
    expect((await agent.post(`/api/discussions/${id}/report`, { reason: 'other', details: 'x'.repeat(1001) })).statusCode).toBe(422);
    expect(await t.db.select().from(reports)).toEqual([]);
  });

  it('lets an outsider report an invite-only discussion they can see, but not its members-only comments', async () => {
    const { agent } = await signedIn(t);
    const [owner] = await others(t, 1);
    const id = await discussionOf(t, owner!.id, { access: 'invite_only' });
    const [cid] = await commentsAt(t, id, owner!.id, 1);
    expect((await agent.post(`/api/discussions/${id}/report`, { reason: 'spam' })).statusCode).toBe(201);
    const res = await agent.post(`/api/comments/${cid}/report`, { reason: 'spam' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The comment was not found.' });
  });
});
