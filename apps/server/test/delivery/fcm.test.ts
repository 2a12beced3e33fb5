import { afterEach, describe, expect, it } from 'vitest';
import { pushRegistrations } from '../../src/db/schema/index';
import { jobRows, makeDue } from '../support/jobs';
import { useTestApp } from '../support/test-app';
import { commentOn, deliverAll, deliveryApp, discussionOf, someone, type Someone } from './support/delivery-app';
import { startFakeFcm } from './support/fake-fcm';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const registerDevice = async (who: Someone, token: string, platform = 'android') => {
  const res = await who.agent.post('/api/push/register', {
    token,
    platform,
    device_id: `device-${token}`,
    device_name: 'Pixel 8',
    locale: 'en-GB',
    app_version: '1.0.0',
  });
  expect(res.statusCode, res.body).toBe(204);
};

async function setup(withFcm = true) {
  const fcm = await startFakeFcm();
  closers.push(fcm.close);
  const app = await deliveryApp(t, withFcm ? { FCM_CREDENTIALS: fcm.credentials, FCM_ENDPOINT: fcm.origin } : {}, closers);
  const owner = await someone(app, 'Olivia', { push_notifications: true, email_notifications: false });
  const commenter = await someone(app, 'Chidi');
  const discussion = await discussionOf(owner);
  return { fcm, app, owner, commenter, discussion };
}

const tokens = async () => (await t.db.select({ token: pushRegistrations.token }).from(pushRegistrations)).map((r) => r.token).sort();

describe('Android push through FCM', () => {
  it('sends the seed’s data (type, subject_id, comment_id) to each Android device of the person, with an OAuth token from token_uri', async () => {
    const { fcm, app, owner, commenter, discussion } = await setup();
    await registerDevice(owner, 'phone-token');
    await registerDevice(owner, 'tablet-token');
    await registerDevice(owner, 'ios-token', 'ios');
    await registerDevice(commenter, 'commenter-token');
    const commentId = await commentOn(commenter, discussion.id);
    await deliverAll(app);

    expect(fcm.sent.map((m) => m.token).sort()).toEqual(['phone-token', 'tablet-token']);
    expect(fcm.sent[0]).toEqual({
      token: expect.any(String),
      data: { type: 'comment.created', subject_id: discussion.id, comment_id: commentId },
      notification: { title: 'Walking after meals', body: 'Chidi commented in Walking after meals' },
    });
    expect(fcm.tokenRequests()).toBe(1); // the access token is cached between sends
  });

  it('carries follower_sid for a new follower', async () => {
    const { fcm, app, owner, commenter } = await setup();
    await registerDevice(owner, 'phone-token');
    await commenter.agent.post(`/api/users/${owner.sid}/follow`);
    await deliverAll(app);
    expect(fcm.sent.map((m) => m.data)).toEqual([{ type: 'user.followed', follower_sid: commenter.sid }]);
  });

  it('prunes tokens FCM reports UNREGISTERED or INVALID_ARGUMENT, and still reaches the live ones', async () => {
    const { fcm, app, owner, commenter, discussion } = await setup();
    for (const token of ['uninstalled', 'garbled', 'alive']) await registerDevice(owner, token);
    fcm.unregistered.add('uninstalled');
    fcm.invalid.add('garbled');
    await commentOn(commenter, discussion.id);
    await deliverAll(app);
    expect(fcm.sent.map((m) => m.token)).toEqual(['alive']);
    expect(await tokens()).toEqual(['alive']);
  });

  it('never holds up the request while FCM is down; the job retries later and delivers', async () => {
    const { fcm, app, owner, commenter, discussion } = await setup();
    await registerDevice(owner, 'phone-token');
    fcm.fail(true);
    await commentOn(commenter, discussion.id);
    await deliverAll(app);
    const [pending] = await jobRows(t.db, 'notification.fcm');
    expect(pending).toMatchObject({ attempts: 1, state: 'retry' });
    expect(pending!.lastError).toMatch(/503/);
    expect(await tokens()).toEqual(['phone-token']); // a server error is no reason to forget the device

    fcm.fail(false);
    await makeDue(t.db, 'notification.fcm');
    await app.jobs.drain();
    expect(fcm.sent.map((m) => m.token)).toEqual(['phone-token']);
  });

  it('sends nothing while pushNotifications is off, and nothing at all without FCM_CREDENTIALS (devices are kept)', async () => {
    const { fcm, app, owner, commenter, discussion } = await setup();
    await registerDevice(owner, 'phone-token');
    await owner.agent.patch('/api/user/settings', { push_notifications: false });
    await commentOn(commenter, discussion.id);
    await deliverAll(app);
    expect(fcm.sent).toEqual([]);

    const unconfigured = await setup(false);
    await registerDevice(unconfigured.owner, 'kept-token');
    await commentOn(unconfigured.commenter, unconfigured.discussion.id);
    await deliverAll(unconfigured.app);
    expect(unconfigured.fcm.sent).toEqual([]);
    expect(unconfigured.app.delivery.fcm).toBeNull();
    expect(await tokens()).toContain('kept-token');
  });
});
