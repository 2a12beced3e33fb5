import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users, type NotificationRow } from '../../src/db/schema/index';
import { notificationsRepository } from '../../src/plugins/app/notifications/notifications-repository';
import { useTestApp } from '../support/test-app';
import { allPages, others, signedIn, summaryOf, type Person } from './people';

const t = useTestApp();

type NewNotification = typeof notifications.$inferInsert;

/** Notifications as the features of later issues will write them, straight into the table. */
async function notify(userId: number, rows: Partial<NewNotification>[]): Promise<NotificationRow[]> {
  return t.db
    .insert(notifications)
    .values(rows.map((row) => ({ userId, type: 'user.followed' as const, data: {}, ...row })))
    .returning();
}

const minute = (i: number) => new Date(Date.UTC(2025, 2, 1, 9, i));

async function someoneWithFollowers(count = 1) {
  const ctx = await signedIn(t);
  const followers = await others(t, count);
  return { ...ctx, followers };
}

const followedBy = (p: Person, i = 0): Partial<NewNotification> => ({
  type: 'user.followed',
  data: { follower_sid: p.sid },
  actorId: p.id,
  createdAt: minute(i),
});

describe('GET /api/notifications', () => {
  it('lists my notifications newest first, each with its actor as a summary', async () => {
    const { agent, me, followers } = await someoneWithFollowers(2);
    const [pat, sam] = followers as [Person, Person];
    const [older, newer] = await notify(me.id, [
      followedBy(pat, 1),
      {
        type: 'comment.created',
        data: { subject_id: 'd-1', comment_id: 'c-9', extra: 'kept' },
        actorId: sam.id,
        createdAt: minute(2),
        readAt: minute(3),
      },
    ]);
    const res = await agent.get('/api/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: newer!.id,
          type: 'comment.created',
          data: { subject_id: 'd-1', comment_id: 'c-9', extra: 'kept' },
          actor: summaryOf(sam),
          read_at: minute(3).toISOString(),
          created_at: minute(2).toISOString(),
        },
        {
          id: older!.id,
          type: 'user.followed',
          data: { follower_sid: pat.sid },
          actor: summaryOf(pat),
          read_at: null,
          created_at: minute(1).toISOString(),
        },
      ],
      meta: { next_cursor: null, total: 2 },
    });
  });

  it('answers an empty list when there is nothing yet', async () => {
    const { agent } = await signedIn(t);
    expect((await agent.get('/api/notifications')).json()).toEqual({ data: [], meta: { next_cursor: null, total: 0 } });
  });

  it('shows a null actor when there is none, or their account is gone', async () => {
    const { agent, me, followers } = await someoneWithFollowers(1);
    await notify(me.id, [{ type: 'discussionAccess.request.accepted', data: { subject_id: 'd-2' }, createdAt: minute(1) }]);
    await notify(me.id, [followedBy(followers[0]!, 2)]);
    await t.db.delete(users).where(eq(users.id, followers[0]!.id));
    const { data } = (await agent.get('/api/notifications')).json();
    expect(data.map((n: { actor: unknown }) => n.actor)).toEqual([null, null]);
    expect(data).toHaveLength(2);
  });

  it('pages by cursor without skipping or repeating, even at the same instant', async () => {
    const { agent, me, followers } = await someoneWithFollowers(1);
    const rows = await notify(me.id, [
      ...Array.from({ length: 25 }, (_, i) => followedBy(followers[0]!, i)),
      ...Array.from({ length: 10 }, () => followedBy(followers[0]!, 30)),
    ]);
    const pages = await allPages(agent, '/api/notifications');
    expect(pages.map((p) => p.data.length)).toEqual([20, 15]);
    expect(pages.map((p) => p.meta.total)).toEqual([35, 35]);
    const ids = pages.flatMap((p) => p.data.map((n) => n.id));
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.id)));
    expect(ids.slice(10, 35)).toEqual(
      rows
        .slice(0, 25)
        .map((r) => r.id)
        .reverse(),
    );
  });

  it('never shows anyone else’s notifications', async () => {
    const { agent } = await signedIn(t);
    const [other] = await others(t, 1);
    await notify(other!.id, [{ type: 'user.followed', createdAt: minute(1) }]);
    expect((await agent.get('/api/notifications')).json().meta.total).toBe(0);
  });

  it('answers 422 to a cursor it did not hand out', async () => {
    const { agent } = await signedIn(t);
    const forged = Buffer.from(JSON.stringify(['2025-03-01T09:00:00.000000Z', "x' OR 1=1"])).toString('base64url');
    const res = await agent.get(`/api/notifications?cursor=${forged}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cursor: ['The cursor is invalid.'] });
  });
});

describe('GET /api/notifications/unread-count', () => {
  it('counts only my unread notifications', async () => {
    const { agent, me } = await signedIn(t);
    const [other] = await others(t, 1);
    await notify(me.id, [{ createdAt: minute(1) }, { createdAt: minute(2) }, { createdAt: minute(3), readAt: minute(4) }]);
    await notify(other!.id, [{ createdAt: minute(1) }]);
    const res = await agent.get('/api/notifications/unread-count');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { count: 2 } });
  });

  it('is one query that reads the partial unread index', async () => {
    const { me } = await signedIn(t);
    await notify(
      me.id,
      Array.from({ length: 50 }, (_, i) => ({ createdAt: minute(i), readAt: i % 5 ? minute(i) : null })),
    );
    // Every parameter of the badge's statement is the reader's id.
    const inlined = notificationsRepository.unreadCountSql(t.db).sql.replace(/\$\d+/g, String(me.id));
    const plan = await t.db.transaction(async (tx) => {
      // On a table this small the planner rightly prefers a scan; forbid it to see which index it would use.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql.raw(`EXPLAIN ${inlined}`));
    });
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toContain('notifications_unread_idx');
  });
});

describe('POST /api/notifications/{id}/read', () => {
  it('marks mine read and answers the notification; reading again keeps the first time', async () => {
    const { agent, me, followers } = await someoneWithFollowers(1);
    const [row] = await notify(me.id, [followedBy(followers[0]!, 1)]);
    const res = await agent.post(`/api/notifications/${row!.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: row!.id, type: 'user.followed', actor: summaryOf(followers[0]!), read_at: expect.any(String) });
    expect((await agent.get('/api/notifications/unread-count')).json().data.count).toBe(0);

    const again = await agent.post(`/api/notifications/${row!.id}/read`);
    expect(again.json().data.read_at).toBe(data.read_at);
  });

  it('answers 404 for someone else’s notification and leaves it unread', async () => {
    const { agent } = await signedIn(t);
    const [other] = await others(t, 1);
    const [theirs] = await notify(other!.id, [{ createdAt: minute(1) }]);
    const res = await agent.post(`/api/notifications/${theirs!.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The notification was not found.' });
    const [still] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(still!.readAt).toBeNull();
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000'])('answers 404 for the id %s', async (id) => {
    const { agent } = await signedIn(t);
    expect((await agent.post(`/api/notifications/${id}/read`)).statusCode).toBe(404);
  });
});

describe('POST /api/notifications/read-all', () => {
  it('marks all mine read (204) and nobody else’s', async () => {
    const { agent, me } = await signedIn(t);
    const [other] = await others(t, 1);
    await notify(me.id, [{ createdAt: minute(1) }, { createdAt: minute(2) }, { createdAt: minute(3), readAt: minute(3) }]);
    await notify(other!.id, [{ createdAt: minute(1) }]);
    const res = await agent.post('/api/notifications/read-all');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await agent.get('/api/notifications/unread-count')).json()).toEqual({ data: { count: 0 } });
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(mine.every((n) => n.readAt !== null)).toBe(true);
    // The one read before keeps its time.
    expect(mine.find((n) => n.createdAt.getTime() === minute(3).getTime())!.readAt).toEqual(minute(3));
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.userId, other!.id));
    expect(theirs!.readAt).toBeNull();
  });
});

describe('notifications from someone I blocked', () => {
  it('disappear from my list and my count while they are blocked, and come back on unblock', async () => {
    const { agent, me, followers } = await someoneWithFollowers(2);
    const [pat, sam] = followers as [Person, Person];
    await notify(me.id, [followedBy(pat, 1), followedBy(sam, 2), { type: 'discussionAccess.created', createdAt: minute(3) }]);
    await agent.post(`/api/users/${pat.sid}/block`);

    const list = (await agent.get('/api/notifications')).json();
    expect(list.data.map((n: { actor: { sid: string } | null }) => n.actor?.sid ?? null)).toEqual([null, sam.sid]);
    expect(list.meta.total).toBe(2);
    expect((await agent.get('/api/notifications/unread-count')).json().data.count).toBe(2);

    await agent.delete(`/api/users/${pat.sid}/block`);
    expect((await agent.get('/api/notifications/unread-count')).json().data.count).toBe(3);
  });
});

describe('who may read notifications', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/00000000-0000-0000-0000-000000000000/read'],
    ['POST', '/api/notifications/read-all'],
  ] as const)('a guest gets 401 from %s %s', async (method, url) => {
    const guest = t.agent();
    await guest.csrf();
    const res = await guest.request(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(['/read-all', '/{id}/read'])('POST %s without the XSRF header is 419 and reads nothing', async (path) => {
    const { agent, me } = await signedIn(t);
    const [row] = await notify(me.id, [{ createdAt: minute(1) }]);
    agent.sendXsrf = false;
    const res = await agent.post(`/api/notifications${path.replace('{id}', row!.id)}`);
    expect(res.statusCode).toBe(419);
    expect((await agent.get('/api/notifications/unread-count')).json().data.count).toBe(1);
  });

  it('the account’s deletion takes its notifications with it', async () => {
    const { me } = await signedIn(t);
    await notify(me.id, [{ createdAt: minute(1) }]);
    await t.db.delete(users).where(eq(users.id, me.id));
    expect(await t.db.select().from(notifications)).toEqual([]);
  });
});
