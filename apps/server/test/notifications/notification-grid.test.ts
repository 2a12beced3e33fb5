import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/db/schema/index';
import { userChanged } from '../../src/lib/user-changes';
import { DAY, signedInPerson } from '../billing/support';
import {
  commentOn,
  deliverAll,
  discussionOf,
  everyChannelApp,
  EVERY_CHANNEL,
  someone,
  type Someone,
} from '../delivery/support/delivery-app';
import type { SmtpSink } from '../delivery/support/smtp-sink';
import { useTestApp } from '../support/test-app';

/** Issue 19, part 5: each kind of event × each channel, honoured for every delivery. */
const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** What reached someone's inbox besides the address confirmation every new account gets. */
const noticesTo = (smtp: SmtpSink, who: Someone) => smtp.to(who.email).filter((m) => m.subject !== 'Confirm your e-mail address');

const gridOf = async (who: Someone) => (await who.agent.get('/api/user')).json().data.settings.notification_grid;

async function withEveryDevice(who: Someone, push: Awaited<ReturnType<typeof everyChannelApp>>['push']) {
  expect((await who.agent.post('/api/push/subscriptions', push.subscribe())).statusCode).toBe(204);
  const device = {
    token: `token-${who.sid}`,
    platform: 'android',
    device_id: who.sid,
    device_name: 'Pixel 8',
    locale: 'en-GB',
    app_version: '1.0.0',
  };
  expect((await who.agent.post('/api/push/register', device)).statusCode).toBe(204);
}

describe('the notification grid in the settings', () => {
  it('starts with every cell on, billing offering in-app and e-mail only, and keeps each change', async () => {
    const { app } = await everyChannelApp(t, closers);
    const mei = await someone(app, 'Mei');
    const grid = await gridOf(mei);
    expect(Object.keys(grid)).toEqual([
      'comments',
      'replies',
      'invitations',
      'access_requests',
      'followers',
      'followed_people',
      'followed_topics',
      'billing',
    ]);
    expect(grid.replies).toEqual({ in_app: true, email: true, web: true, android: true });
    expect(grid.billing).toEqual({ in_app: true, email: true });

    // Two cells changed by two requests at once: both stay (the stored list is changed in SQL, not rewritten).
    const [first, second] = await Promise.all([
      mei.agent.patch('/api/user/settings', { notification_grid: { replies: { email: false } } }),
      mei.agent.patch('/api/user/settings', { notification_grid: { followers: { in_app: false, web: false } } }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const after = await gridOf(mei);
    expect(after.replies).toEqual({ in_app: true, email: false, web: true, android: true });
    expect(after.followers).toEqual({ in_app: false, email: true, web: false, android: true });
    expect(after.comments).toEqual({ in_app: true, email: true, web: true, android: true });

    const back = await mei.agent.patch('/api/user/settings', { notification_grid: { replies: { email: true } } });
    expect(back.json().data.settings.notification_grid.replies.email).toBe(true);
    // The column switches are the three switches of the settings page, unchanged by the cells.
    expect(back.json().data.settings).toMatchObject({ email_notifications: true, web_notifications: false, push_notifications: false });
  });

  it('refuses a cell a kind does not offer, an unknown kind and a value that is not a switch, with a sentence each', async () => {
    const { app } = await everyChannelApp(t, closers);
    const mei = await someone(app, 'Mei');
    for (const body of [
      { notification_grid: { billing: { web: false } } },
      { notification_grid: { weather: { email: false } } },
      { notification_grid: { replies: { email: 'sometimes' } } },
      { notification_grid: 'off' },
    ]) {
      const res = await mei.agent.patch('/api/user/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = Object.values(res.json().errors as Record<string, string[]>).flat();
      expect(errors.length).toBeGreaterThan(0);
      for (const sentence of errors) expect(sentence).toMatch(/^[A-Z].*\.$/);
    }
    expect((await gridOf(mei)).billing).toEqual({ in_app: true, email: true });
  });
});

describe('delivery follows the grid', () => {
  it('turns e-mail off for replies alone: the reply comes everywhere else, other kinds still e-mail', async () => {
    const { app, smtp, push, fcm } = await everyChannelApp(t, closers);
    const owner = await someone(app, 'Olivia', EVERY_CHANNEL);
    const chidi = await someone(app, 'Chidi', EVERY_CHANNEL);
    await withEveryDevice(chidi, push);
    await withEveryDevice(owner, push);
    expect((await chidi.agent.patch('/api/user/settings', { notification_grid: { replies: { email: false } } })).statusCode).toBe(200);

    const discussion = await discussionOf(owner);
    const chidisComment = await commentOn(chidi, discussion.id, 'Ten minutes is enough for me.');
    await commentOn(owner, discussion.id, 'Thanks, I will try it.', chidisComment);
    await deliverAll(app);

    const chidisTypes = (await chidi.agent.get('/api/notifications')).json().data.map((n: { type: string }) => n.type);
    expect(chidisTypes).toEqual(['comment.followed.created']);
    expect(noticesTo(smtp, chidi)).toEqual([]);
    expect(push.received.filter((m) => JSON.stringify(m.payload).includes('comment.followed.created'))).toHaveLength(1);
    expect(fcm.sent.filter((m) => m.token === `token-${chidi.sid}`)).toHaveLength(1);

    // Olivia keeps every cell: her comment.created arrives by e-mail too.
    expect(noticesTo(smtp, owner)).toHaveLength(1);
  });

  it('with in-app off and e-mail on, nothing is listed or counted, while e-mail still tells of every event', async () => {
    const { app, smtp } = await everyChannelApp(t, closers);
    const owner = await someone(app, 'Olivia');
    await owner.agent.patch('/api/user/settings', { notification_grid: { comments: { in_app: false } } });
    const chidi = await someone(app, 'Chidi');
    const discussion = await discussionOf(owner);
    await commentOn(chidi, discussion.id, 'First thought.');
    await deliverAll(app);
    await commentOn(chidi, discussion.id, 'Second thought.');
    await deliverAll(app);

    expect((await owner.agent.get('/api/notifications')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await owner.agent.get('/api/notifications/unread-count')).json().data.count).toBe(0);
    expect(noticesTo(smtp, owner).length).toBeGreaterThanOrEqual(1);
    const ownerId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]!.id;
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    // One row per event (none collapsed into the other), each done with once delivered.
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => !row.inApp && row.readAt !== null)).toBe(true);
  });

  it('writes nothing at all when every channel of the kind is off, and the column switch still wins over a cell', async () => {
    const { app, smtp } = await everyChannelApp(t, closers);
    const owner = await someone(app, 'Olivia');
    await owner.agent.patch('/api/user/settings', { notification_grid: { followers: { in_app: false, email: false } } });
    const mei = await someone(app, 'Mei');
    expect((await mei.agent.post(`/api/users/${owner.sid}/follow`)).statusCode).toBeLessThan(300);
    await deliverAll(app);
    const ownerId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email)))[0]!.id;
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ownerId))).toEqual([]);

    // Mei's comment cell is on, but her e-mail column is off: in-app only.
    await mei.agent.patch('/api/user/settings', { email_notifications: false });
    const discussion = await discussionOf(mei);
    await commentOn(owner, discussion.id);
    await deliverAll(app);
    expect((await mei.agent.get('/api/notifications')).json().data.map((n: { type: string }) => n.type)).toEqual(['comment.created']);
    expect(noticesTo(smtp, mei)).toEqual([]);
  });

  it('trial and billing: the reminder e-mail and the in-app notice follow their two cells', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    await t.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(users.id, person.id));
    userChanged(person.id);
    expect((await agent.patch('/api/user/settings', { notification_grid: { billing: { email: false } } })).statusCode).toBe(200);

    expect((await t.app.billing.sweep()).reminders).toBe(1);
    await t.app.jobs.drain();
    expect(t.mail.to(person.email).filter((m) => m.subject.includes('trial'))).toEqual([]);
    expect((await agent.get('/api/subscription')).json().data.trial_reminder_sent).toBe(true);

    await agent.patch('/api/user/settings', { notification_grid: { billing: { in_app: false } } });
    expect((await agent.get('/api/subscription')).json().data.trial_reminder_sent).toBe(false);
  });
});
