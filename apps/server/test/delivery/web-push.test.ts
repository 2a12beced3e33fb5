import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webPushSubscriptions } from '../../src/db/schema/index';
import { makeDue } from '../support/jobs';
import { useTestApp } from '../support/test-app';
import { commentOn, deliverAll, deliveryApp, discussionOf, someone } from './support/delivery-app';
import { startPushService } from './support/push-service';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function setup() {
  const push = await startPushService();
  closers.push(push.close);
  const app = await deliveryApp(t, {}, closers);
  const owner = await someone(app, 'Olivia', { web_notifications: true, email_notifications: false });
  const commenter = await someone(app, 'Chidi');
  const discussion = await discussionOf(owner);
  return { push, app, owner, commenter, discussion };
}

describe('web push subscriptions', () => {
  it('hands out the VAPID public key, kept in the data folder so it survives a restart', async () => {
    const { app, owner } = await setup();
    const res = await owner.agent.get('/api/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    const key = res.json().data.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = JSON.parse(await readFile(path.join(t.config.dataDir, 'vapid-keys.json'), 'utf8')) as { publicKey: string };
    expect(stored.publicKey).toBe(key);
    const restarted = await deliveryApp(t, {}, closers);
    expect(restarted.delivery.webPush.keys.publicKey).toBe(key);
    expect(app.delivery.webPush.keys.subject).toBe('mailto:no-reply@wink.health.localhost');
  });

  it('takes the keys from the environment when set', async () => {
    const app = await deliveryApp(
      t,
      { VAPID_PUBLIC_KEY: 'BPublic', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'mailto:ops@wink.test' },
      closers,
    );
    expect(app.delivery.webPush.keys).toEqual({ publicKey: 'BPublic', privateKey: 'private', subject: 'mailto:ops@wink.test' });
  });

  it('saves a subscription, moves it to whoever subscribes the same browser last, and forgets it on DELETE', async () => {
    const { push, app, owner, commenter } = await setup();
    const browser = push.subscribe();
    expect((await owner.agent.post('/api/push/subscriptions', { ...browser, expiration_time: null })).statusCode).toBe(204);
    expect((await owner.agent.post('/api/push/subscriptions', browser)).statusCode).toBe(204);
    let rows = await t.db.select().from(webPushSubscriptions);
    expect(rows.map((r) => r.endpoint)).toEqual([browser.endpoint]);

    expect((await commenter.agent.post('/api/push/subscriptions', browser)).statusCode).toBe(204);
    rows = await t.db.select().from(webPushSubscriptions);
    expect(rows).toHaveLength(1);
    // Someone else's DELETE leaves it alone; its owner's removes it.
    expect((await owner.agent.delete('/api/push/subscriptions', { endpoint: browser.endpoint })).statusCode).toBe(204);
    expect(await t.db.select().from(webPushSubscriptions)).toHaveLength(1);
    expect((await commenter.agent.delete('/api/push/subscriptions', { endpoint: browser.endpoint })).statusCode).toBe(204);
    expect(await t.db.select().from(webPushSubscriptions)).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
  });

  it("lists my browsers' subscriptions in my account export, without their keys, and nobody else's", async () => {
    const { push, owner, commenter } = await setup();
    const mine = push.subscribe();
    await owner.agent.post('/api/push/subscriptions', mine);
    await commenter.agent.post('/api/push/subscriptions', push.subscribe());

    const exported = (await owner.agent.get('/api/user/export')).json().data;
    expect(exported.web_push_subscriptions).toEqual([
      { endpoint: mine.endpoint, user_agent: expect.anything(), created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(exported)).not.toContain(mine.keys.auth);
  });

  it('answers 422 with a sentence per field for malformed subscriptions', async () => {
    const { push, owner } = await setup();
    const good = push.subscribe();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, keys: { auth: good.keys.auth } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, auth: 42 } }, 'keys.auth'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.agent.post('/api/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], res.body).toEqual([expect.any(String)]);
    }
    expect(await t.db.select().from(webPushSubscriptions)).toHaveLength(0);
  });
});

describe('web push delivery', () => {
  it('sends each subscribed browser an encrypted, VAPID-signed message that opens the comment', async () => {
    const { push, app, owner, commenter, discussion } = await setup();
    const laptop = push.subscribe();
    const phone = push.subscribe();
    for (const browser of [laptop, phone]) await owner.agent.post('/api/push/subscriptions', browser);
    await commenter.agent.post('/api/push/subscriptions', push.subscribe());
    const commentId = await commentOn(commenter, discussion.id);
    await deliverAll(app);

    expect(push.rejected).toEqual([]);
    expect(push.received.map((m) => m.subscription).sort()).toEqual([laptop.id, phone.id].sort()); // not the commenter's
    const [message] = push.received;
    expect(message!.payload).toEqual({
      title: 'Walking after meals',
      body: 'Chidi commented in Walking after meals',
      path: `/discussions/${discussion.id}/comments/${commentId}`,
      tag: expect.any(String),
      data: { type: 'comment.created', subject_id: discussion.id, comment_id: commentId },
    });
    expect(message!.vapidPublicKey).toBe(app.delivery.webPush.keys.publicKey);
    expect(message!.claims.sub).toBe('mailto:no-reply@wink.health.localhost');
    expect(message!.ttl).toBe('86400');
  });

  it('opens the follower’s profile for a new follower', async () => {
    const { push, app, owner, commenter } = await setup();
    await owner.agent.post('/api/push/subscriptions', push.subscribe());
    expect((await commenter.agent.post(`/api/users/${owner.sid}/follow`)).statusCode).toBeLessThan(300);
    await deliverAll(app);
    expect(push.received.map((m) => m.payload)).toEqual([
      {
        title: 'Wink Health',
        body: 'Chidi started following you',
        path: `/user-profile/${commenter.sid}`,
        tag: expect.any(String),
        data: { type: 'user.followed', follower_sid: commenter.sid },
      },
    ]);
  });

  it('sends nothing while webNotifications is off', async () => {
    const { push, app, owner, commenter, discussion } = await setup();
    await owner.agent.post('/api/push/subscriptions', push.subscribe());
    await owner.agent.patch('/api/user/settings', { web_notifications: false });
    await commentOn(commenter, discussion.id);
    await deliverAll(app);
    expect(push.received).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (410), and retries one that failed (500)', async () => {
    const { push, app, owner, commenter, discussion } = await setup();
    const gone = push.subscribe();
    const flaky = push.subscribe();
    for (const browser of [gone, flaky]) await owner.agent.post('/api/push/subscriptions', browser);
    push.answer(gone.id, 410);
    push.answer(flaky.id, 500);
    await commentOn(commenter, discussion.id);
    await deliverAll(app);
    const left = await t.db.select({ endpoint: webPushSubscriptions.endpoint }).from(webPushSubscriptions);
    expect(left).toEqual([{ endpoint: flaky.endpoint }]);
    expect(push.received).toEqual([]);

    push.answer(flaky.id, null);
    await makeDue(t.db, 'notification.webpush');
    await app.jobs.drain();
    expect(push.received.map((m) => m.subscription)).toEqual([flaky.id]);
  });
});
