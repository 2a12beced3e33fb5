import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { useTestApp } from '../support/test-app';
import { others, signedIn, tokenClient } from './people';

const t = useTestApp();

const ANDROID = 'https://localhost';
const IOS = 'capacitor://localhost';

const preflight = (app: FastifyInstance, url: string, origin: string, method = 'GET', headers = 'authorization') =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('CORS for the native shells', () => {
  it.each([ANDROID, IOS])('answers a preflight from %s with 204 and what the app may send', async (origin) => {
    const res = await preflight(t.app, '/api/user', origin, 'POST', 'authorization,content-type,x-xsrf-token');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Accept, X-Requested-With, X-XSRF-TOKEN');
    expect(res.headers['access-control-max-age']).toBe('7200');
    // Token mode carries no cookies: a cookie session must never be usable from another origin.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('answers a preflight for a path with a parameter and one that does not exist alike', async () => {
    expect((await preflight(t.app, '/api/users/abc/block', ANDROID, 'DELETE')).statusCode).toBe(204);
    expect((await preflight(t.app, '/api/notifications?cursor=x', ANDROID)).statusCode).toBe(204);
  });

  it('gives another origin no CORS headers, and its OPTIONS still answers 405 with Allow', async () => {
    const res = await preflight(t.app, '/api/user', 'https://evil.example');
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, PATCH, DELETE');
  });

  it('keeps the 405 with Allow for a plain OPTIONS (not a preflight) from an allowed origin', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/user', headers: { origin: ANDROID } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, PATCH, DELETE');
  });

  it('answers the e-mail check of the two-step sign-in, which the shell calls before its token login', async () => {
    const res = await preflight(t.app, '/check-email', ANDROID, 'POST');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ANDROID);
  });

  it('stays off for the rest of the web base: cookie sign-in and the web app are same-origin only', async () => {
    for (const url of ['/login', '/sanctum/csrf-cookie', '/apiary']) {
      const res = await preflight(t.app, url, ANDROID, 'POST');
      expect(corsHeaders(res.headers), url).toEqual([]);
      expect(res.statusCode, url).not.toBe(204);
    }
    // Nor does a page of the web base vary by Origin (a cache would keep one copy per origin).
    const page = await t.app.inject({ url: '/sanctum/csrf-cookie', headers: { origin: ANDROID } });
    expect(corsHeaders(page.headers)).toEqual([]);
    expect(page.headers.vary ?? '').not.toMatch(/Origin/i);
  });

  it('lets a bearer request from the shell through and lets it read the answer', async () => {
    const { email, me } = await signedIn(t);
    const app = await tokenClient(t, email);
    const res = await app.get('/api/user', { origin: ANDROID });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sid).toBe(me.sid);
    expect(res.headers['access-control-allow-origin']).toBe(ANDROID);
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After, Content-Disposition, X-Request-Id');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets a bearer write through without an XSRF token', async () => {
    const { email } = await signedIn(t);
    const app = await tokenClient(t, email);
    const [pat] = await others(t, 1);
    const res = await app.post(`/api/users/${pat!.sid}/block`, undefined, { origin: ANDROID });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ANDROID);
    expect((await app.get('/api/user/blocked-users')).json().meta.total).toBe(1);
  });

  it('puts the headers on errors too, so the shell can read a 401 and sign itself out', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { origin: ANDROID, authorization: 'Bearer 1|nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(ANDROID);
  });

  it('answers preflights during maintenance, and the 503 is readable with its Retry-After', async () => {
    await t.app.maintenance.set({ retry_after: 90, since: new Date().toISOString() });
    expect((await preflight(t.app, '/api/', ANDROID)).statusCode).toBe(204);
    const res = await t.app.inject({ url: '/api/', headers: { origin: ANDROID } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['access-control-allow-origin']).toBe(ANDROID);
    expect(res.headers['access-control-expose-headers']).toContain('Retry-After');
    expect(res.headers['retry-after']).toBe('90');
  });

  it('follows CORS_ORIGINS: another list replaces the default, and none turns it off', async () => {
    const custom = await t.buildApp({ CORS_ORIGINS: 'https://app.example.org, https://localhost:8100' });
    expect((await preflight(custom, '/api/user', 'https://localhost:8100')).headers['access-control-allow-origin']).toBe(
      'https://localhost:8100',
    );
    expect(corsHeaders((await preflight(custom, '/api/user', ANDROID)).headers)).toEqual([]);

    const off = await t.buildApp({ CORS_ORIGINS: 'none' });
    const res = await preflight(off, '/api/user', ANDROID);
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(res.statusCode).toBe(405);
  });

  it('refuses an origin with a path at start-up', () => {
    expect(() => loadConfig({}, { CORS_ORIGINS: 'https://app.example.org/', APP_KEY: 'k'.repeat(32) })).toThrow(/CORS_ORIGINS/);
  });
});
