import { describe, expect, it } from 'vitest';
import { signedIn, summaryOf, type Person } from '../community/people';
import { givePlan, opened } from '../discussions/support';
import type { Agent } from '../support/agent';
import { countingStatements } from '../support/statements';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

interface Listed {
  id: string;
  type: string;
  data: Record<string, unknown>;
  actor: { sid: string } | null;
  read_at: string | null;
  created_at: string;
}

type Someone = Awaited<ReturnType<typeof signedIn>>;

/** My notifications once every subscriber has run: what the list shows me. */
async function notificationsOf(someone: Someone): Promise<Listed[]> {
  await t.app.events.settled();
  const res = await someone.agent.get('/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Marks everything so far read, so a test looks only at what its own event brings. */
async function readAll(...who: Someone[]) {
  await t.app.events.settled();
  for (const w of who) await ok(w.agent.post('/api/notifications/read-all'));
}

const unread = async (who: Someone) => (await notificationsOf(who)).filter((n) => n.read_at === null);

const kinds = async (someone: Someone) => (await notificationsOf(someone)).map((n) => n.type);

async function comment(agent: Agent, discussionId: string, body = 'I walk after dinner.', parentId?: string) {
  const res = await agent.post(`/api/discussions/${discussionId}/comments`, { body, ...(parentId ? { parent_id: parentId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
}

const invite = (owner: Someone, discussionId: string, who: Person) =>
  ok(owner.agent.post(`/api/discussions/${discussionId}/invites`, { sid: who.sid }));
const blocks = (who: Someone, whom: Person) => ok(who.agent.post(`/api/users/${whom.sid}/block`));
/** Follows and lets the notifier finish, so each follow is told in the order the test made them. */
async function follows(who: Someone, whom: Person) {
  await ok(who.agent.post(`/api/users/${whom.sid}/follow`));
  await t.app.events.settled();
}

async function people(n: number): Promise<Someone[]> {
  const list: Someone[] = [];
  for (let i = 0; i < n; i++) list.push(await signedIn(t));
  return list;
}

describe('comment.created', () => {
  it('tells every member of the discussion, owner included, but not the commenter nor non-members', async () => {
    const [owner, member, commenter, stranger] = await people(4);
    const d = await opened(owner!.agent, { title: 'Walking after meals' });
    await invite(owner!, d.id, member!.me);
    await readAll(owner!, member!);
    const commentId = await comment(commenter!.agent, d.id);

    for (const who of [owner!, member!]) {
      expect(await unread(who)).toEqual([
        {
          id: expect.any(String),
          type: 'comment.created',
          data: { subject_id: d.id, subject_title: 'Walking after meals', comment_id: commentId, count: 1 },
          actor: summaryOf(commenter!.me),
          read_at: null,
          created_at: expect.any(String),
        },
      ]);
    }
    expect(await notificationsOf(commenter!)).toEqual([]);
    expect(await notificationsOf(stranger!)).toEqual([]);
  });

  it('gives a reply’s thread followers one notification, comment.followed.created, and members the comment.created', async () => {
    const [owner, author, replier, outsider] = await people(4);
    const d = await opened(owner!.agent);
    await invite(owner!, d.id, author!.me);
    const thread = await comment(author!.agent, d.id, 'My numbers improved.');
    // Someone outside the membership follows the thread of a public discussion.
    await ok(outsider!.agent.post(`/api/comments/${thread}/follow`));
    await readAll(owner!, author!);

    const reply = await comment(replier!.agent, d.id, 'By how much?', thread);
    expect((await unread(author!)).map((n) => [n.type, n.data.comment_id])).toEqual([['comment.followed.created', reply]]);
    expect((await unread(outsider!)).map((n) => [n.type, n.data.comment_id])).toEqual([['comment.followed.created', reply]]);
    expect((await unread(owner!)).map((n) => [n.type, n.data.comment_id])).toEqual([['comment.created', reply]]);
    expect(await notificationsOf(replier!)).toEqual([]);
  });

  it('never reaches someone in a block with the commenter, whichever of them blocked', async () => {
    const [owner, blocker, blocked, commenter] = await people(4);
    const d = await opened(owner!.agent, { access_type: 'private' });
    for (const m of [blocker!, blocked!, commenter!]) await invite(owner!, d.id, m.me);
    await blocks(blocker!, commenter!.me);
    await blocks(commenter!, blocked!.me);
    await readAll(blocker!, blocked!);
    await comment(commenter!.agent, d.id);

    expect(await kinds(owner!)).toEqual(['comment.created']);
    expect(await unread(blocker!)).toEqual([]);
    expect(await unread(blocked!)).toEqual([]);
  });

  it.each(['private', 'invite_only'] as const)(
    'does not tell a former member about replies in a thread they still follow (%s)',
    async (access) => {
      const [owner, former, replier] = await people(3);
      const d = await opened(owner!.agent, { access_type: access, title: 'Only for us' });
      for (const m of [former!, replier!]) await invite(owner!, d.id, m.me);
      const thread = await comment(former!.agent, d.id);
      await ok(owner!.agent.delete(`/api/discussions/${d.id}/members/${former!.me.sid}`));
      await readAll(former!, owner!);

      await comment(replier!.agent, d.id, 'A reply they must not hear of.', thread);
      expect(await unread(former!)).toEqual([]);
      expect(await kinds(owner!)).toContain('comment.created');
    },
  );

  it('collapses unread notifications about the same discussion, and starts afresh once read', async () => {
    const [owner, first, second] = await people(3);
    const d = await opened(owner!.agent);
    await comment(first!.agent, d.id);
    const [initial] = await notificationsOf(owner!);
    const latest = await comment(second!.agent, d.id, 'Me too.');

    const [collapsed, ...rest] = await notificationsOf(owner!);
    expect(rest).toEqual([]);
    expect(collapsed).toMatchObject({
      id: initial!.id,
      actor: summaryOf(second!.me),
      data: { comment_id: latest, count: 2 },
      read_at: null,
    });
    expect(Date.parse(collapsed!.created_at)).toBeGreaterThanOrEqual(Date.parse(initial!.created_at));

    await ok(owner!.agent.post(`/api/notifications/${initial!.id}/read`));
    await comment(first!.agent, d.id, 'One more.');
    const after = await notificationsOf(owner!);
    expect(after.map((n) => [n.data.count, n.read_at === null])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('collapses events that arrive together into one notification, not one each', async () => {
    const [owner, ...commenters] = await people(5);
    const d = await opened(owner!.agent);
    await Promise.all(commenters.map((c) => comment(c.agent, d.id)));
    const list = await notificationsOf(owner!);
    expect(list.map((n) => [n.type, n.data.count])).toEqual([['comment.created', 4]]);
  });

  it('still notifies a member whose plan no longer allows reading: the list waits for them', async () => {
    const [owner, commenter] = await people(2);
    const d = await opened(owner!.agent);
    await givePlan(t, owner!.me.id, 'none');
    await comment(commenter!.agent, d.id);
    expect(await kinds(owner!)).toEqual(['comment.created']);
  });

  it('writes one event’s notifications in the same few statements whether there are two members or seven', async () => {
    const [owner, commenter, ...members] = await people(7);
    const small = await opened(owner!.agent);
    const large = await opened(owner!.agent);
    for (const m of members) await invite(owner!, large.id, m.me);
    await readAll(...members);
    const statementsFor = async (discussionId: string) => {
      const commentId = await comment(commenter!.agent, discussionId);
      await t.app.events.settled();
      const { result: written, statements } = await countingStatements(() =>
        t.app.notifier.commentCreated({ discussionId, commentId, parentId: null, actorId: commenter!.me.id }),
      );
      return { statements, written: written.length };
    };
    const one = await statementsFor(small.id);
    const six = await statementsFor(large.id);
    expect([one.written, six.written]).toEqual([1, 6]);
    // The advisory lock, the fan-out itself, the one delivery job and the one read of what the sockets push,
    // for the whole write, whatever the number of recipients (node-postgres also counts BEGIN and COMMIT).
    expect(six.statements).toBe(one.statements);
    expect(six.statements).toBeLessThanOrEqual(t.databaseUrl ? 6 : 4);
    // Posted and then written again by hand: collapsed, one row each, counted twice.
    for (const m of [owner!, ...members]) expect((await unread(m)).map((n) => n.data.count)).toEqual(m === owner ? [2, 2] : [2]);
  });
});

describe('discussion.created', () => {
  it('tells the owner’s followers of a public discussion only, and none in a block with them', async () => {
    const [owner, fan, blockedFan, blockingFan] = await people(4);
    for (const f of [fan!, blockedFan!, blockingFan!]) await follows(f, owner!.me);
    await blocks(owner!, blockedFan!.me);
    await blocks(blockingFan!, owner!.me);
    await t.app.events.settled();
    await ok(owner!.agent.post('/api/notifications/read-all'));

    await opened(owner!.agent, { access_type: 'invite_only', title: 'Invite only' });
    await opened(owner!.agent, { access_type: 'private', title: 'Secret' });
    const open = await opened(owner!.agent, { access_type: 'public', title: 'Open to all' });

    expect(await notificationsOf(fan!)).toEqual([
      expect.objectContaining({
        type: 'discussion.created',
        data: { subject_id: open.id, subject_title: 'Open to all', count: 1 },
        actor: summaryOf(owner!.me),
      }),
    ]);
    expect(await notificationsOf(blockedFan!)).toEqual([]);
    expect(await notificationsOf(blockingFan!)).toEqual([]);
  });
});

describe('invitations and access requests', () => {
  it('tells the invitee, with the title of the discussion they can now read', async () => {
    const [owner, friend] = await people(2);
    const d = await opened(owner!.agent, { access_type: 'private', title: 'Our group' });
    await invite(owner!, d.id, friend!.me);
    expect(await notificationsOf(friend!)).toEqual([
      expect.objectContaining({
        type: 'discussionAccess.created',
        data: { subject_id: d.id, subject_title: 'Our group', count: 1 },
        actor: summaryOf(owner!.me),
      }),
    ]);
  });

  it('tells the owner of a request, and the requester of the answer, accepted or rejected', async () => {
    const [owner, accepted, rejected] = await people(3);
    const d = await opened(owner!.agent, { access_type: 'invite_only', title: 'Ask to join' });
    const requestOf = async (who: Someone) => {
      const res = await who.agent.post(`/api/discussions/${d.id}/access-requests`);
      expect(res.statusCode, res.body).toBe(201);
      await t.app.events.settled();
      return res.json().data.id as string;
    };
    const yes = await requestOf(accepted!);
    const no = await requestOf(rejected!);

    // Two requests for the same discussion: one unread notification, from the latest asker, counted twice.
    expect(await notificationsOf(owner!)).toEqual([
      expect.objectContaining({
        type: 'discussionAccess.request.created',
        data: { subject_id: d.id, subject_title: 'Ask to join', count: 2 },
        actor: summaryOf(rejected!.me),
      }),
    ]);

    await ok(owner!.agent.post(`/api/discussions/${d.id}/access-requests/${yes}/accept`));
    await ok(owner!.agent.post(`/api/discussions/${d.id}/access-requests/${no}/reject`));
    expect(await notificationsOf(accepted!)).toEqual([
      expect.objectContaining({
        type: 'discussionAccess.request.accepted',
        data: expect.objectContaining({ subject_id: d.id }),
        actor: summaryOf(owner!.me),
      }),
    ]);
    expect(await notificationsOf(rejected!)).toEqual([
      expect.objectContaining({
        type: 'discussionAccess.request.rejected',
        data: expect.objectContaining({ subject_id: d.id }),
        actor: summaryOf(owner!.me),
      }),
    ]);
  });
});

describe('user.followed', () => {
  it('tells the person followed who follows them, collapsing a re-follow while unread', async () => {
    const [followed, fan, other] = await people(3);
    await follows(fan!, followed!.me);
    await ok(fan!.agent.delete(`/api/users/${followed!.me.sid}/follow`));
    await follows(fan!, followed!.me);
    await follows(other!, followed!.me);

    const list = await notificationsOf(followed!);
    expect(list.map((n) => [n.type, n.data, n.actor?.sid])).toEqual([
      ['user.followed', { follower_sid: other!.me.sid, count: 1 }, other!.me.sid],
      ['user.followed', { follower_sid: fan!.me.sid, count: 2 }, fan!.me.sid],
    ]);
    expect(await notificationsOf(fan!)).toEqual([]);
  });
});
