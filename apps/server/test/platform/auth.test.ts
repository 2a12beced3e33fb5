import { eq } from 'drizzle-orm';
import { notificationGrid } from '@wink/contracts';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens, personalAccessTokens, sessions, users } from '../../src/db/schema/index';
import { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';

const cookieNamed = (res: { cookies: { name: string; maxAge?: number }[] }, name: string) => res.cookies.find((c) => c.name === name);

describe('accounts', () => {
  const t = useTestApp({ env: { TRIAL_DAYS: 14 } });

  describe('register', () => {
    it('creates the account with a trial of TRIAL_DAYS, signs the person in, and sends a verification mail', async () => {
      const agent = t.agent();
      const before = Date.now();
      const { email, user } = await agent.register({ newsletter_subscription: '1' });
      const me = (await agent.get('/api/user')).json().data;
      expect(me.sid).toBe(user.sid);
      expect(me.email_verified_at).toBeNull();
      expect(me.newsletter_subscription).toBe(true);
      expect(me.subscription).toBeNull();
      expect(me.settings).toEqual({
        email_notifications: true,
        web_notifications: false,
        push_notifications: false,
        notification_grid: notificationGrid([]),
      });
      const trialDays = (Date.parse(me.trial_ends_at) - before) / 86_400_000;
      expect(trialDays).toBeGreaterThan(13.99);
      expect(trialDays).toBeLessThan(14.01);

      expect(await t.app.jobs.drain()).toBe(1);
      expect(t.mail.to(email)[0]?.subject).toBe('Confirm your e-mail address');
    });

    it('refuses a taken address whatever its case', async () => {
      await t.agent().register({ email: 'sam@example.com' });
      const again = t.agent();
      await again.csrf();
      const res = await again.post('/register', {
        name: 'Sam Two',
        display_name: 'Sam2',
        email: 'SAM@Example.com',
        password: 'another-pass-1',
        password_confirmation: 'another-pass-1',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    });
  });

  describe('check-email', () => {
    it('tells whether an address has an account', async () => {
      await t.agent().register({ email: 'known@example.com' });
      const agent = t.agent();
      await agent.csrf();
      expect((await agent.post('/check-email', { email: 'Known@example.com' })).json()).toEqual({ data: { exists: true } });
      expect((await agent.post('/check-email', { email: 'nobody@example.com' })).json()).toEqual({ data: { exists: false } });
    });
  });

  describe('cookie-mode login', () => {
    it('signs in, rotating the session so the pre-login cookie is worthless', async () => {
      const { email, password } = await t.agent().register();
      const agent = t.agent();
      await agent.csrf();
      const guestCookie = agent.cookies.get('wink_session');
      const res = await agent.post('/login', { email, password });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBe(email);
      expect(agent.cookies.get('wink_session')).not.toBe(guestCookie);
      expect((await agent.get('/api/user')).statusCode).toBe(200);

      const planted = new Agent(t.app);
      planted.cookies.set('wink_session', guestCookie!);
      expect((await planted.get('/api/user')).statusCode).toBe(401);
    });

    it('keeps a remembered session for AUTH_COOKIE_LIFETIME_DAYS and a plain one for the browser session', async () => {
      const { email, password } = await t.agent().register();
      const remembered = await t.agent().login(email, password, true);
      expect(cookieNamed(remembered, 'wink_session')?.maxAge).toBe(365 * 86_400);
      const plain = await t.agent().login(email, password, false);
      expect(cookieNamed(plain, 'wink_session')?.maxAge).toBeUndefined();
      const rows = await t.db.select().from(sessions);
      const longest = Math.max(...rows.map((r) => r.expiresAt.getTime() - Date.now()));
      expect(longest / 86_400_000).toBeGreaterThan(364);
    });

    it('says the same thing for a wrong password and an unknown address', async () => {
      const { email } = await t.agent().register();
      const agent = t.agent();
      const wrong = await agent.login(email, 'not-my-password');
      const unknown = await agent.login('ghost@example.com', 'not-my-password');
      expect(wrong.statusCode).toBe(422);
      expect(unknown.statusCode).toBe(422);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().errors.email).toEqual(['These credentials do not match our records.']);
    });

    it('logout revokes the session on the server, not just the cookie', async () => {
      const agent = t.agent();
      await agent.register();
      const stolen = agent.cookies.get('wink_session')!;
      expect((await agent.post('/logout')).statusCode).toBe(204);
      expect(agent.cookies.has('wink_session')).toBe(false);
      const thief = new Agent(t.app);
      thief.cookies.set('wink_session', stolen);
      expect((await thief.get('/api/user')).statusCode).toBe(401);
    });
  });

  describe('token mode (Android)', () => {
    it('issues a bearer token that reads the user, and logout revokes it', async () => {
      const { email, password } = await t.agent().register();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, device_name: 'Pixel 8' } });
      expect(login.statusCode).toBe(200);
      const token = login.json().data.token as string;
      expect(token).toMatch(/^\d+\|[\w-]{40,}$/);
      const auth = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ url: '/api/user', headers: auth })).json().data.email).toBe(email);
      const [row] = await t.db.select().from(personalAccessTokens);
      expect(row?.name).toBe('Pixel 8');
      expect(row?.tokenHash).not.toContain(token.split('|')[1]);

      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(204);
      expect((await t.app.inject({ url: '/api/user', headers: auth })).statusCode).toBe(401);
    });

    it('rejects forged and malformed tokens', async () => {
      const { email, password } = await t.agent().register();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, device_name: 'x' } });
      const [id] = (login.json().data.token as string).split('|');
      for (const forged of [`${id}|guess`, 'garbage', `${id}`, '999|abc']) {
        expect((await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
      }
    });
  });

  describe('banned accounts', () => {
    it('cannot sign in (403 "Your account has been suspended.") and lose every session and token', async () => {
      const agent = t.agent();
      const { email, password } = await agent.register();
      const token = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, device_name: 'p' } })).json()
        .data.token;
      await t.db.update(users).set({ banned: true }).where(eq(users.email, email));

      // An open session stops working at once, even before any cleanup.
      expect((await agent.get('/api/user')).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);

      const again = await t.agent().login(email, password);
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe('Your account has been suspended.');
      const tokenLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, device_name: 'p' } });
      expect(tokenLogin.statusCode).toBe(403);
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
      expect(await t.db.select().from(personalAccessTokens)).toHaveLength(0);
    });
  });

  describe('e-mail verification', () => {
    it('verifies with the signed link from the mail, and refuses a tampered or expired one', async () => {
      const agent = t.agent();
      const { email } = await agent.register();
      await t.app.jobs.drain();
      const link = new URL(t.mail.linkTo(email));

      const tampered = await t.app.inject({
        url: `${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${'0'.repeat(64)}`,
      });
      expect(tampered.headers.location).toBe('/user/account?verification=invalid');
      const stretched = await t.app.inject({ url: `${link.pathname}?expires=9999999999&signature=${link.searchParams.get('signature')}` });
      expect(stretched.headers.location).toBe('/user/account?verification=invalid');
      expect((await agent.get('/api/user')).json().data.email_verified_at).toBeNull();

      const ok = await t.app.inject({ url: link.pathname + link.search });
      expect(ok.statusCode).toBe(302);
      expect(ok.headers.location).toBe('/user/account?verification=verified');
      expect((await agent.get('/api/user')).json().data.email_verified_at).not.toBeNull();
    });

    it('refuses an expired link', async () => {
      const { email, user } = await t.agent().register();
      const { signUrl } = await import('../../src/lib/signed-url');
      const { sha256 } = await import('../../src/lib/crypto');
      const pathname = `/verify-email/${user.sid}/${sha256(email).slice(0, 40)}`;
      const old = new URL(signUrl(t.config.appKey, 'http://x', pathname, 60, Date.now() - 2 * 3600_000));
      const res = await t.app.inject({ url: old.pathname + old.search });
      expect(res.headers.location).toBe('/user/account?verification=expired');
    });

    it('resends the link on request, and says so when already verified', async () => {
      const agent = t.agent();
      const { email } = await agent.register();
      const res = await agent.post('/email/verification-notification');
      expect(res.statusCode).toBe(202);
      await t.app.jobs.drain();
      expect(t.mail.to(email)).toHaveLength(2);
      const link = new URL(t.mail.linkTo(email));
      await t.app.inject({ url: link.pathname + link.search });
      const already = await agent.post('/email/verification-notification');
      expect(already.statusCode).toBe(200);
      expect(already.json().message).toBe('Your e-mail address is already verified.');
    });
  });

  describe('password reset', () => {
    it('resets with the mailed token once, ending every session, and the old password stops working', async () => {
      const signedIn = t.agent();
      const { email, password } = await signedIn.register();
      await t.app.jobs.drain();
      const agent = t.agent();
      await agent.csrf();
      const asked = await agent.post('/forgot-password', { email });
      expect(asked.statusCode).toBe(200);
      await t.app.jobs.drain();
      const link = new URL(t.mail.linkTo(email));
      const token = link.pathname.split('/').pop()!;
      expect(link.searchParams.get('email')).toBe(email);

      const reset = { token, email, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' };
      expect((await agent.post('/reset-password', reset)).statusCode).toBe(200);
      expect((await signedIn.get('/api/user')).statusCode).toBe(401);
      expect((await t.agent().login(email, password)).statusCode).toBe(422);
      expect((await t.agent().login(email, 'brand-new-pass-1')).statusCode).toBe(200);

      const reused = await agent.post('/reset-password', { ...reset, password: 'third-pass-11', password_confirmation: 'third-pass-11' });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors.email).toEqual(['This password reset token is invalid.']);
    });

    it('answers the same for unknown addresses and sends nothing', async () => {
      const agent = t.agent();
      await agent.csrf();
      const res = await agent.post('/forgot-password', { email: 'ghost@example.com' });
      expect(res.statusCode).toBe(200);
      await t.app.jobs.drain();
      expect(t.mail.messages).toHaveLength(0);
    });

    it('refuses an expired token', async () => {
      const { email } = await t.agent().register();
      const agent = t.agent();
      await agent.csrf();
      await agent.post('/forgot-password', { email });
      await t.app.jobs.drain();
      const token = new URL(t.mail.linkTo(email)).pathname.split('/').pop()!;
      await t.db.update(passwordResetTokens).set({ createdAt: new Date(Date.now() - 61 * 60_000) });
      const res = await agent.post('/reset-password', {
        token,
        email,
        password: 'brand-new-pass-1',
        password_confirmation: 'brand-new-pass-1',
      });
      expect(res.statusCode).toBe(422);
    });
  });
});
