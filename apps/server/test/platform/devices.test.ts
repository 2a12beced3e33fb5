import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushRegistrations, users } from '../../src/db/schema/index';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

/** The product's push registration payload, as the Android shell sends it. */
const device = (overrides: Record<string, unknown> = {}) => ({
  token: 'fcm:APA91bH-token-1',
  platform: 'android',
  device_id: 'a1b2c3d4e5f6',
  device_name: 'Pixel 8',
  locale: 'en-GB',
  app_version: '2.3.1',
  ...overrides,
});

async function signedIn(email = `person-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const agent = t.agent();
  const { user } = await agent.register({ email });
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.sid, user.sid));
  return { agent, email, userId: row!.id };
}

/** Signs in the way the Android app does and returns an agent that only carries the bearer token. */
async function tokenClient(email: string): Promise<Agent> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'correct-horse-1', device_name: 'Pixel 8' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const client = t.agent();
  client.bearer = res.json().data.token;
  return client;
}

const rows = () => t.db.select().from(pushRegistrations).orderBy(pushRegistrations.id);

describe('POST /api/push/register', () => {
  it('answers 401 to a guest and stores nothing', async () => {
    const guest = t.agent();
    await guest.csrf();
    const res = await guest.post('/api/push/register', device());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect(await rows()).toEqual([]);
  });

  it('answers 401, not field errors, to a guest whose payload is incomplete', async () => {
    // 401 comes before validation: the client signs itself out on 401, and a 422 would tell a guest nothing useful.
    const guest = t.agent();
    await guest.csrf();
    const res = await guest.post('/api/push/register', {});
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('stores the registration for me and answers 204 with no body', async () => {
    const { agent, userId } = await signedIn();
    const res = await agent.post('/api/push/register', device());
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rows()).toEqual([
      expect.objectContaining({
        userId,
        token: 'fcm:APA91bH-token-1',
        platform: 'android',
        deviceId: 'a1b2c3d4e5f6',
        deviceName: 'Pixel 8',
        locale: 'en-GB',
        appVersion: '2.3.1',
      }),
    ]);
  });

  it.each(['android', 'ios', 'web'])('accepts the platform %s', async (platform) => {
    const { agent } = await signedIn();
    expect((await agent.post('/api/push/register', device({ platform }))).statusCode).toBe(204);
    expect((await rows())[0]?.platform).toBe(platform);
  });

  it.each([
    ['missing', { device_name: undefined }],
    ['empty', { device_name: '' }],
    ['blank', { device_name: '   ' }],
    ['null', { device_name: null }],
  ])('falls back to the device name "unknown" when it is %s', async (_label, overrides) => {
    const { agent } = await signedIn();
    expect((await agent.post('/api/push/register', device(overrides))).statusCode).toBe(204);
    expect((await rows())[0]?.deviceName).toBe('unknown');
  });

  it('trims the fields it stores', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/push/register', device({ token: '  tok-9  ', device_name: '  Galaxy S24 ', locale: ' de-DE ' }));
    expect(await rows()).toEqual([expect.objectContaining({ token: 'tok-9', deviceName: 'Galaxy S24', locale: 'de-DE' })]);
  });

  it('updates the row when the same token is registered again (one row per token)', async () => {
    const { agent, userId } = await signedIn();
    await agent.post('/api/push/register', device());
    const [first] = await rows();
    await new Promise((r) => setTimeout(r, 5));
    const again = await agent.post('/api/push/register', device({ app_version: '2.4.0', locale: 'fr-FR', device_name: 'Pixel 8 Pro' }));
    expect(again.statusCode).toBe(204);
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first!.id, userId, appVersion: '2.4.0', locale: 'fr-FR', deviceName: 'Pixel 8 Pro' });
    expect(after[0]!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
  });

  it('keeps one row per token for several devices of mine', async () => {
    const { agent, userId } = await signedIn();
    await agent.post('/api/push/register', device({ token: 'phone-token', device_id: 'phone' }));
    await agent.post('/api/push/register', device({ token: 'browser-token', device_id: 'browser', platform: 'web' }));
    expect((await rows()).map((r) => [r.userId, r.token])).toEqual([
      [userId, 'phone-token'],
      [userId, 'browser-token'],
    ]);
  });

  it('moves a token to the account that registers it last (a shared phone, a new sign-in)', async () => {
    const alex = await signedIn('alex@example.com');
    const blair = await signedIn('blair@example.com');
    await alex.agent.post('/api/push/register', device());
    const res = await blair.agent.post('/api/push/register', device({ device_name: 'Family tablet' }));
    expect(res.statusCode).toBe(204);
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ userId: blair.userId, deviceName: 'Family tablet' });
    // Alex's export no longer lists the device; Blair's does.
    expect((await alex.agent.get('/api/user/export')).json().data.push_registrations).toEqual([]);
    expect((await blair.agent.get('/api/user/export')).json().data.push_registrations).toEqual([
      expect.objectContaining({ device_name: 'Family tablet', platform: 'android' }),
    ]);
  });

  it('needs the CSRF token in cookie mode', async () => {
    const { agent } = await signedIn();
    agent.sendXsrf = false;
    const res = await agent.post('/api/push/register', device());
    expect(res.statusCode).toBe(419);
    expect(await rows()).toEqual([]);
  });
});

describe('PATCH /api/push/unregister', () => {
  it('answers 401 to a guest', async () => {
    const guest = t.agent();
    await guest.csrf();
    const res = await guest.patch('/api/push/unregister', { token: 'fcm:APA91bH-token-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('removes my token and answers 204', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/push/register', device({ token: 'keep-me' }));
    await agent.post('/api/push/register', device({ token: 'drop-me' }));
    const res = await agent.patch('/api/push/unregister', { token: 'drop-me' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await rows()).map((r) => r.token)).toEqual(['keep-me']);
  });

  it('answers 204 for a token that is not registered, and again for one already removed', async () => {
    const { agent } = await signedIn();
    expect((await agent.patch('/api/push/unregister', { token: 'never-registered' })).statusCode).toBe(204);
    await agent.post('/api/push/register', device());
    expect((await agent.patch('/api/push/unregister', { token: device().token })).statusCode).toBe(204);
    expect((await agent.patch('/api/push/unregister', { token: device().token })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it("leaves someone else's token alone (204, nothing removed)", async () => {
    const owner = await signedIn('owner@example.com');
    const stranger = await signedIn('stranger@example.com');
    await owner.agent.post('/api/push/register', device());
    const res = await stranger.agent.patch('/api/push/unregister', { token: device().token });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual([expect.objectContaining({ userId: owner.userId, token: device().token })]);
  });

  it('works as a POST with _method=PATCH in an urlencoded body', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/push/register', device({ token: 'form-token' }));
    const res = await agent.request('POST', '/api/push/unregister', '_method=PATCH&token=form-token', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('works as a POST with _method=PATCH in a multipart body', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/push/register', device({ token: 'multipart-token' }));
    const boundary = '----devices';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = `${part('_method', 'PATCH')}${part('token', 'multipart-token')}--${boundary}--\r\n`;
    const res = await agent.request('POST', '/api/push/unregister', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('a spoofed PATCH still needs the CSRF token', async () => {
    const { agent } = await signedIn();
    await agent.post('/api/push/register', device());
    agent.sendXsrf = false;
    const res = await agent.request('POST', '/api/push/unregister', `_method=PATCH&token=${encodeURIComponent(device().token)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(419);
    expect(await rows()).toHaveLength(1);
  });
});

describe('token mode (the Android app)', () => {
  it('registers and unregisters with a bearer token, without any CSRF token or cookie', async () => {
    const { email, userId } = await signedIn('android@example.com');
    const app = await tokenClient(email);
    expect(app.cookies.size).toBe(0);

    const registered = await app.post('/api/push/register', device());
    expect(registered.statusCode, registered.body).toBe(204);
    expect(await rows()).toEqual([expect.objectContaining({ userId, token: device().token })]);

    const unregistered = await app.patch('/api/push/unregister', { token: device().token });
    expect(unregistered.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('spoofs PATCH with a bearer token too', async () => {
    const { email } = await signedIn('android@example.com');
    const app = await tokenClient(email);
    await app.post('/api/push/register', device());
    const res = await app.post('/api/push/unregister', { _method: 'PATCH', token: device().token });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it('answers 401 once the token is revoked by signing out', async () => {
    const { email } = await signedIn('android@example.com');
    const app = await tokenClient(email);
    expect((await app.post('/api/auth/logout')).statusCode).toBe(204);
    const res = await app.post('/api/push/register', device());
    expect(res.statusCode).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('answers 401 to a made-up bearer token', async () => {
    const app = t.agent();
    app.bearer = '1|not-a-real-secret';
    expect((await app.post('/api/push/register', device())).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it("takes the person's devices with it", async () => {
    const { agent } = await signedIn();
    await agent.post('/api/push/register', device());
    expect((await agent.delete('/api/user', { password: 'correct-horse-1' })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });
});
