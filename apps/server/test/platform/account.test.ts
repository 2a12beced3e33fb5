import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, feedback, pushRegistrations, sessions, users } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';

describe('my account', () => {
  const t = useTestApp();

  it('changes name, display name and avatar colour, and nothing else', async () => {
    const agent = t.agent();
    const { email } = await agent.register();
    const res = await agent.patch('/api/user', { name: 'Patricia Example', display_name: 'Trish', avatar_color: '#2e7d32' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Patricia Example', display_name: 'Trish', avatar_color: '#2e7d32', email });
    const sneaky = await agent.patch('/api/user', { role: 'admin' });
    expect(sneaky.statusCode).toBe(422);
    expect((await agent.get('/api/user')).json().data.role).toBe('user');
  });

  it('changes the password only with the current one, and signs out every other device', async () => {
    const here = t.agent();
    const { email, password } = await here.register();
    const elsewhere = t.agent();
    await elsewhere.login(email, password);
    const phone = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, device_name: 'phone' } });
    const bearer = { authorization: `Bearer ${phone.json().data.token}` };

    const wrong = await here.patch('/api/user/password', {
      current_password: 'nope',
      password: 'next-pass-123',
      password_confirmation: 'next-pass-123',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The password is incorrect.']);

    const ok = await here.patch('/api/user/password', {
      current_password: password,
      password: 'next-pass-123',
      password_confirmation: 'next-pass-123',
    });
    expect(ok.statusCode).toBe(200);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: bearer })).statusCode).toBe(401);
    expect((await t.agent().login(email, 'next-pass-123')).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(t.mail.to(email).map((m) => m.subject)).toContain('Your password was changed');
  });

  it('keeps the defaults for notification settings and changes them one at a time', async () => {
    const agent = t.agent();
    await agent.register();
    const res = await agent.patch('/api/user/settings', { web_notifications: true });
    expect(res.json().data.settings).toMatchObject({ email_notifications: true, web_notifications: true, push_notifications: false });
    const news = await agent.patch('/api/user/settings', { newsletter_subscription: '1' });
    expect(news.json().data.newsletter_subscription).toBe(true);
  });

  it('deletes the account only with the password, and removes personal data', async () => {
    const agent = t.agent();
    const { email, password } = await agent.register();
    await agent.post('/api/push/register', {
      token: 'tok-1',
      platform: 'android',
      device_id: 'd1',
      device_name: 'Pixel',
      locale: 'en',
      app_version: '1.0.0',
    });
    await agent.post('/api/feedback', { message: 'Lovely app', rating: 5 });
    await agent.post('/api/analytics/events', { events: [{ name: 'search_used', properties: { term: 'asthma' } }] });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));

    const refused = await agent.delete('/api/user', { password: 'wrong-password' });
    expect(refused.statusCode).toBe(422);
    expect((await agent.get('/api/user')).statusCode).toBe(200);

    expect((await agent.delete('/api/user', { password })).statusCode).toBe(204);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    expect((await t.agent().login(email, password)).statusCode).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(0);
    expect(await t.db.select().from(pushRegistrations)).toHaveLength(0);
    // What stays is anonymous: the feedback text and the event counts, without the person.
    const [kept] = await t.db.select().from(feedback);
    expect(kept?.userId).toBeNull();
    expect((await t.db.select().from(analyticsEvents)).every((e) => e.userId === null)).toBe(true);
  });

  it('exports everything held about me as a JSON download', async () => {
    const agent = t.agent();
    const { email } = await agent.register();
    await agent.post('/api/feedback', { message: 'Please add dark mode', page: '/user/settings' });
    await agent.post('/api/push/register', {
      token: 'tok-2',
      platform: 'web',
      device_id: 'b1',
      device_name: 'Firefox',
      locale: 'en-GB',
      app_version: '1.0.0',
    });
    const res = await agent.get('/api/user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="wink-health-.+\.json"$/);
    const { data } = res.json();
    expect(data.user.email).toBe(email);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.feedback[0].message).toBe('Please add dark mode');
    expect(data.push_registrations[0]).toMatchObject({ platform: 'web', device_name: 'Firefox' });
    expect(JSON.stringify(data)).not.toMatch(/password_hash|token_hash|argon2/);
  });
});
