import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationCounts, notifications } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';
import { commentOn, discussionOf, someone, type Someone } from './support/delivery-app';

const t = useTestApp();

/** What the person sees: the list's total and the badge, next to a plain count of their rows. */
async function counts(who: Someone) {
  await t.app.events.settled();
  const list = (await who.agent.get('/api/notifications')).json();
  const badge = (await who.agent.get('/api/notifications/unread-count')).json().data.count as number;
  return { total: list.meta.total as number, unread: badge, listed: (list.data as { read_at: string | null }[]).length };
}

describe('kept notification counts (the list total and the badge without counting every row)', () => {
  it('follow new rows, collapses, reading one, reading all, blocks and unblocks', async () => {
    const owner = await someone(t.app, 'Olivia');
    const [a, b] = [await someone(t.app, 'Ann'), await someone(t.app, 'Ben')];
    const first = await discussionOf(owner);
    const second = await discussionOf(owner, 'Sleep and blood sugar');
    await commentOn(a, first.id);
    await commentOn(b, first.id); // collapsed into the same unread notification
    await commentOn(b, second.id);
    expect(await counts(owner)).toEqual({ total: 2, unread: 2, listed: 2 });

    await b.agent.post(`/api/users/${owner.sid}/follow`);
    expect(await counts(owner)).toEqual({ total: 3, unread: 3, listed: 3 });

    const [newest] = (await owner.agent.get('/api/notifications')).json().data as { id: string }[];
    await owner.agent.post(`/api/notifications/${newest!.id}/read`);
    await owner.agent.post(`/api/notifications/${newest!.id}/read`); // twice: counted once
    expect(await counts(owner)).toEqual({ total: 3, unread: 2, listed: 3 });

    // Ben's two notifications (the latest comment in the first discussion is his, and his follow) disappear with the block.
    await owner.agent.post(`/api/users/${b.sid}/block`);
    const blocked = await counts(owner);
    expect(blocked.total).toBe(blocked.listed);
    await owner.agent.delete(`/api/users/${b.sid}/block`);
    expect(await counts(owner)).toEqual({ total: 3, unread: 2, listed: 3 });

    await owner.agent.post('/api/notifications/read-all');
    expect(await counts(owner)).toEqual({ total: 3, unread: 0, listed: 3 });
    await commentOn(a, first.id, 'Again.');
    expect(await counts(owner)).toEqual({ total: 4, unread: 1, listed: 4 });

    // The counter agrees with the rows themselves.
    const [row] = await t.db
      .select()
      .from(notificationCounts)
      .where(eq(notificationCounts.userId, (await t.db.select().from(notifications))[0]!.userId));
    expect(row).toMatchObject({ total: 4, unread: 1 });
  });

  it('follows rows deleted by any statement', async () => {
    const owner = await someone(t.app, 'Olivia');
    const a = await someone(t.app, 'Ann');
    await commentOn(a, (await discussionOf(owner)).id);
    await t.app.events.settled();
    expect(await t.db.select().from(notificationCounts)).toHaveLength(1);
    await t.db.delete(notifications);
    expect((await t.db.select().from(notificationCounts))[0]).toMatchObject({ total: 0, unread: 0 });
  });
});
