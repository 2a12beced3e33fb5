import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';
import { admin, commentBy, discussionBy, person } from './support';

describe('admin: users', () => {
  const t = useTestApp();

  it('finds people by part of their e-mail address or name, newest first, with their plan', async () => {
    const { agent } = await admin(t);
    const jo = await person(t, { name: 'Joanna Fields', email: 'jo.fields@example.com' });
    await person(t, { name: 'Marek Stone', email: 'marek@example.org' });
    await agent.request('PUT', `/api/admin/users/${jo.sid}/plan`, { plan_id: 'reader-monthly' });

    const byMail = (await agent.get('/api/admin/users?q=FIELDS@')).json();
    expect(byMail.meta.total).toBe(1);
    expect(byMail.data[0]).toMatchObject({
      sid: jo.sid,
      email: 'jo.fields@example.com',
      role: 'user',
      banned: false,
      subscription: 'reader_subscription',
      plan: { id: 'reader-monthly', name: 'Reader' },
      open_reports: 0,
    });
    expect((await agent.get('/api/admin/users?q=marek st')).json().data.map((u: { name: string }) => u.name)).toEqual(['Marek Stone']);
    // LIKE's wildcards are plain characters here.
    expect((await agent.get('/api/admin/users?q=%25')).json().data).toEqual([]);
    const everyone = (await agent.get('/api/admin/users')).json();
    expect(everyone.data.map((u: { name: string }) => u.name)).toEqual(['Marek Stone', 'Joanna Fields', 'Ada Admin']);
  });

  it('pages through many people with a cursor and refuses a forged one', async () => {
    const { agent } = await admin(t);
    for (let i = 0; i < 21; i++) await person(t, { name: `Person ${i}` });
    const first = (await agent.get('/api/admin/users')).json();
    expect(first.data).toHaveLength(20);
    expect(first.meta.total).toBe(22);
    const second = (await agent.get(`/api/admin/users?cursor=${first.meta.next_cursor}`)).json();
    expect(second.data).toHaveLength(2);
    expect(second.meta.next_cursor).toBeNull();
    const forged = await agent.get('/api/admin/users?cursor=not-a-cursor');
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.cursor).toEqual(['The cursor is invalid.']);
  });

  it('bans: the session and the bearer token stop working and signing in says the account is suspended', async () => {
    const { agent } = await admin(t);
    const pat = await person(t, { name: 'Pat Problem' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pat.email, password: pat.password, device_name: 'Pixel' },
    });
    const token = login.json().data.token as string;

    const banned = await agent.post(`/api/admin/users/${pat.sid}/ban`);
    expect(banned.statusCode).toBe(200);
    expect(banned.json().data).toMatchObject({ sid: pat.sid, banned: true });

    expect((await pat.agent.get('/api/user')).statusCode).toBe(401);
    const withToken = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(401);
    const again = await t.agent().login(pat.email, pat.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Your account has been suspended.');

    // Banning twice changes nothing; unbanning lets them back in.
    expect((await agent.post(`/api/admin/users/${pat.sid}/ban`)).json().data.banned).toBe(true);
    const restored = await agent.post(`/api/admin/users/${pat.sid}/unban`);
    expect(restored.json().data.banned).toBe(false);
    expect((await t.agent().login(pat.email, pat.password)).statusCode).toBe(200);
  });

  it('does not ban an admin, and answers 404 for someone unknown', async () => {
    const ada = await admin(t);
    const res = await ada.agent.post(`/api/admin/users/${ada.sid}/ban`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Administrators cannot be banned.', errors: { user: ['Administrators cannot be banned.'] } });
    const missing = await ada.agent.post('/api/admin/users/nobody123/ban');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The user was not found.');
  });

  it('changes a plan: a lapsed person put on the leader plan can write at once, and back to none', async () => {
    const { agent } = await admin(t);
    const eli = await person(t, { name: 'Eli Lapsed' });
    await t.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(users.id, eli.row.id));
    const attempt = () => eli.agent.post('/api/discussions', { title: 'Sleep after surgery', body: 'Tips?', access_type: 'public' });
    expect((await attempt()).statusCode).toBe(403);

    const changed = await agent.request('PUT', `/api/admin/users/${eli.sid}/plan`, { plan_id: 'leader-monthly' });
    expect(changed.json().data).toMatchObject({ subscription: 'leader_subscription', plan: { id: 'leader-monthly' } });
    expect((await attempt()).statusCode).toBe(201);

    const none = await agent.request('PUT', `/api/admin/users/${eli.sid}/plan`, { plan_id: null });
    expect(none.json().data).toMatchObject({ subscription: null, plan: null });
    expect((await attempt()).statusCode).toBe(403);

    const unknown = await agent.request('PUT', `/api/admin/users/${eli.sid}/plan`, { plan_id: 'platinum' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.plan_id).toEqual(['The selected plan is invalid.']);
  });

  it('shows the reports filed against a person on their page', async () => {
    const { agent } = await admin(t);
    const author = await person(t, { name: 'Otto Author' });
    const reader = await person(t, { name: 'Rita Reader' });
    const id = await discussionBy(author.agent);
    const cid = await commentBy(author.agent, id, 'Buy miracle pills at my shop');
    await reader.agent.post(`/api/comments/${cid}/report`, { reason: 'spam', details: 'An advert' });

    const page = (await agent.get(`/api/admin/users/${author.sid}`)).json().data;
    expect(page).toMatchObject({ sid: author.sid, open_reports: 1 });
    expect(page.reports).toHaveLength(1);
    expect(page.reports[0]).toMatchObject({
      reason: 'spam',
      details: 'An advert',
      target: 'comment',
      comment: { id: cid, body: 'Buy miracle pills at my shop' },
      reporter: { sid: reader.sid },
    });
    expect((await agent.get(`/api/admin/users/${reader.sid}`)).json().data.reports).toEqual([]);
  });
});
