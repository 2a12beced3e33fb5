import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';

describe('wire conventions (docs/wire.md)', () => {
  const t = useTestApp();

  describe('CSRF', () => {
    it('GET /sanctum/csrf-cookie answers 204 with a readable XSRF-TOKEN and an httpOnly session cookie', async () => {
      const res = await t.app.inject({ url: '/sanctum/csrf-cookie' });
      expect(res.statusCode).toBe(204);
      const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
      expect(cookies['XSRF-TOKEN']?.value).toMatch(/^[\w-]{40,}$/);
      expect(cookies['XSRF-TOKEN']?.httpOnly).toBeFalsy();
      expect(cookies['wink_session']?.httpOnly).toBe(true);
      expect(cookies['wink_session']?.sameSite).toBe('Lax');
    });

    it('refuses a write without the token, with a wrong token, and without any session (419)', async () => {
      const agent = t.agent();
      await agent.register();
      agent.sendXsrf = false;
      const missing = await agent.patch('/api/user/settings', { web_notifications: true });
      expect(missing.statusCode).toBe(419);
      expect(missing.json().message).toBe('CSRF token mismatch.');

      const wrong = await agent.patch('/api/user/settings', { web_notifications: true }, { 'x-xsrf-token': 'not-the-token' });
      expect(wrong.statusCode).toBe(419);

      const stranger = await t.app.inject({ method: 'POST', url: '/login', payload: { email: 'a@b.co', password: 'x' } });
      expect(stranger.statusCode).toBe(419);
      expect((await agent.get('/api/user')).json().data.settings.web_notifications).toBe(false);
    });

    it('answers 419 "session expired" when the session behind the cookie is gone', async () => {
      const agent = t.agent();
      await agent.register();
      await t.db.delete(sessions);
      const res = await agent.patch('/api/user/settings', { web_notifications: true });
      expect(res.statusCode).toBe(419);
      expect(res.json().message).toMatch(/session has expired/i);
    });

    it('accepts the token in the body as `_token` (beacons cannot set headers)', async () => {
      const agent = t.agent();
      await agent.csrf();
      agent.sendXsrf = false;
      const res = await agent.post('/api/analytics/events', {
        events: [{ name: 'page_view' }],
        _token: agent.cookies.get('XSRF-TOKEN'),
      });
      expect(res.statusCode).toBe(202);
    });

    it('does not ask bearer-authenticated requests for a CSRF token', async () => {
      const agent = t.agent();
      const { email, password } = await agent.register();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, device_name: 'Pixel 8' } });
      const token = login.json().data.token as string;
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { push_notifications: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.settings.push_notifications).toBe(true);
    });
  });

  describe('method spoofing', () => {
    it.each([
      ['JSON', (b: Record<string, string>) => ({ payload: b })],
      [
        'urlencoded',
        (b: Record<string, string>) => ({
          payload: new URLSearchParams(b).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ],
    ])('a POST with _method=PATCH in a %s body is handled as PATCH', async (_kind, encode) => {
      const agent = t.agent();
      await agent.register();
      const { payload, headers } = encode({ _method: 'PATCH', display_name: 'Renamed' }) as {
        payload: never;
        headers?: Record<string, string>;
      };
      const res = await agent.request('POST', '/api/user', payload, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.display_name).toBe('Renamed');
    });

    it('a multipart POST with _method=PATCH is handled as PATCH, with 1/0 booleans', async () => {
      const agent = t.agent();
      await agent.register();
      const boundary = '----wink';
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = `${part('_method', 'PATCH')}${part('email_notifications', '0')}${part('web_notifications', '1')}--${boundary}--\r\n`;
      const res = await agent.request('POST', '/api/user/settings', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.settings).toMatchObject({ email_notifications: false, web_notifications: true });
    });

    it('a spoofed write still needs the CSRF token', async () => {
      const agent = t.agent();
      await agent.register();
      agent.sendXsrf = false;
      const res = await agent.post('/api/user', { _method: 'PATCH', display_name: 'Sneaky' });
      expect(res.statusCode).toBe(419);
    });

    it('rejects a _method that is not PUT, PATCH or DELETE', async () => {
      const agent = t.agent();
      await agent.register();
      const res = await agent.post('/api/user', { _method: 'TRACE' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors._method).toEqual(['The selected method is invalid.']);
    });

    it('a POST spoofing DELETE reaches DELETE /api/user', async () => {
      const agent = t.agent();
      const { password } = await agent.register();
      const res = await agent.post('/api/user', { _method: 'DELETE', password });
      expect(res.statusCode).toBe(204);
      expect((await agent.get('/api/user')).statusCode).toBe(401);
    });
  });

  describe('bodies', () => {
    it('nests key[sub] fields from urlencoded bodies and reads 1/0 as booleans', async () => {
      const agent = t.agent();
      await agent.csrf();
      const form =
        'events[0][name]=search_used&events[0][properties][term]=asthma&events[0][properties][results]=12&events[1][name]=page_view';
      const res = await agent.request('POST', '/api/analytics/events', form, { 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(202);
      expect(res.json().data.accepted).toBe(2);
    });

    it('nests key[sub] fields that arrive flattened inside JSON', async () => {
      const agent = t.agent();
      await agent.csrf();
      const res = await agent.post('/api/analytics/events', { 'events[0][name]': 'sri_clicked', 'events[0][properties][sri_id]': 'a1' });
      expect(res.statusCode).toBe(202);
    });

    it('answers malformed JSON with 400, an oversize body with 413', async () => {
      const agent = t.agent();
      await agent.register();
      const bad = await agent.request('POST', '/api/feedback', '{"message": ', { 'content-type': 'application/json' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('The request body is not valid JSON.');
      const huge = await agent.post('/api/feedback', { message: 'x'.repeat(1_100_000) });
      expect(huge.statusCode).toBe(413);
    });
  });

  describe('responses and errors', () => {
    it('wraps resources in { data } with snake_case keys and never exposes row ids or hashes', async () => {
      const agent = t.agent();
      await agent.register();
      const body = (await agent.get('/api/user')).json();
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toHaveProperty('display_name');
      expect(body.data).toHaveProperty('trial_ends_at');
      expect(body.data).not.toHaveProperty('id');
      expect(JSON.stringify(body)).not.toMatch(/password|argon2/);
    });

    it('answers unknown API routes 404 and known routes with the wrong method 405 with Allow', async () => {
      const missing = await t.app.inject({ url: '/api/no-such-thing' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not Found.' });
      const wrong = await t.app.inject({ method: 'PUT', url: '/api/subscription/plans' });
      expect(wrong.statusCode).toBe(405);
      expect(wrong.headers.allow).toBe('GET');
    });

    it('hides the details of a server error', async () => {
      t.app.get('/api/explode', async () => {
        throw new Error('database password is hunter2');
      });
      const res = await t.app.inject({ url: '/api/explode' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Server Error.' });
    });

    it('answers 401 Unauthenticated. for a guest asking for the user', async () => {
      const res = await t.app.inject({ url: '/api/user' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    });

    it('gives every response a request id and security headers', async () => {
      const res = await t.app.inject({ url: '/api/' });
      expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const echoed = await t.app.inject({ url: '/api/', headers: { 'x-request-id': 'from-the-proxy' } });
      expect(echoed.headers['x-request-id']).toBe('from-the-proxy');
    });

    it('serves the OpenAPI document at /api/docs', async () => {
      const doc = (await t.app.inject({ url: '/api/docs' })).json();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/register', '/api/user', '/api/subscription/plans']));
    });
  });
});
