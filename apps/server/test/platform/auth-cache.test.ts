import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema/index';
import { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';

/** The auth cache (AUTH_CACHE_MS) must never let a change through this process go unseen. */
describe('remembered sign-ins', () => {
  const t = useTestApp({ env: { AUTH_CACHE_MS: 60_000 } });

  it('serves a burst of requests from memory', async () => {
    const agent = t.agent();
    const { email } = await agent.register();
    await agent.get('/api/user');
    // Changed behind the process's back (as another process would): still the remembered answer.
    await t.db.update(users).set({ displayName: 'Behind your back' }).where(eq(users.email, email));
    expect((await agent.get('/api/user')).json().data.display_name).toBe('Pat');
  });

  it.each([
    ['a profile change', (a: Agent) => a.patch('/api/user', { display_name: 'Changed' }), { display_name: 'Changed' }],
    [
      'a settings change',
      (a: Agent) => a.patch('/api/user/settings', { web_notifications: true }),
      { settings: expect.objectContaining({ web_notifications: true }) },
    ],
  ])('shows %s on the very next request', async (_what, change, expected) => {
    const agent = t.agent();
    await agent.register();
    await agent.get('/api/user');
    await change(agent);
    expect((await agent.get('/api/user')).json().data).toMatchObject(expected);
  });

  it('forgets a session at once on logout, so a copied cookie stops working', async () => {
    const agent = t.agent();
    await agent.register();
    const copied = new Agent(t.app);
    copied.cookies.set('wink_session', agent.cookies.get('wink_session')!);
    expect((await copied.get('/api/user')).statusCode).toBe(200);
    await agent.post('/logout');
    expect((await copied.get('/api/user')).statusCode).toBe(401);
  });

  it('sees a verified address at once when the link is opened elsewhere', async () => {
    const agent = t.agent();
    const { email } = await agent.register();
    await agent.get('/api/user');
    await t.app.jobs.drain();
    const link = new URL(t.mail.linkTo(email));
    await t.app.inject({ url: link.pathname + link.search });
    expect((await agent.get('/api/user')).json().data.email_verified_at).not.toBeNull();
  });

  it('ends every remembered session at once when the password is reset', async () => {
    const victim = t.agent();
    const { email } = await victim.register();
    await victim.get('/api/user');
    await t.app.jobs.drain();
    const helper = t.agent();
    await helper.csrf();
    await helper.post('/forgot-password', { email });
    await t.app.jobs.drain();
    const token = new URL(t.mail.linkTo(email)).pathname.split('/').pop()!;
    await helper.post('/reset-password', { token, email, password: 'reset-pass-123', password_confirmation: 'reset-pass-123' });
    expect((await victim.get('/api/user')).statusCode).toBe(401);
  });

  it('never outlives the session it remembers', async () => {
    const agent = t.agent();
    await agent.register();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 1500) });
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });
});

describe('with the cache off', () => {
  const t = useTestApp({ env: { AUTH_CACHE_MS: 0 } });

  it('sees every change made elsewhere on the next request', async () => {
    const agent = t.agent();
    const { email } = await agent.register();
    await agent.get('/api/user');
    await t.db.update(users).set({ displayName: 'Elsewhere' }).where(eq(users.email, email));
    expect((await agent.get('/api/user')).json().data.display_name).toBe('Elsewhere');
  });
});
