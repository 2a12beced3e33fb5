import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '../../config';
import { track } from '../../lib/analytics';
import { getAuthStatus } from '../../lib/auth-status';
import { readCookie } from '../../lib/cookies';
import { queryClient } from '../../lib/query-client';
import { userKeys, type User } from './api/get-user';
import { createSignInFlow, EMAIL_NOT_SET_MESSAGE } from './sign-in-flow';
import { fakeServer, json } from '../../test/fake-server';
import { resetAppState, wireUser } from './testing/render';

vi.mock('../../lib/analytics', () => ({ track: vi.fn(), trackPageView: vi.fn() }));

const config = appConfig as { tokenMode: boolean };

afterEach(() => {
  config.tokenMode = false;
  resetAppState();
});

describe('sign-in flow', () => {
  it(`refuses to log in before the e-mail check with "${EMAIL_NOT_SET_MESSAGE}"`, async () => {
    const server = fakeServer({});
    const flow = createSignInFlow();

    await expect(flow.login('secret-password', false)).rejects.toThrow(new Error('Email is not set. Please call checkEmail first.'));
    expect(server.calls).toHaveLength(0);
  });

  it('checks the e-mail (with a fresh CSRF cookie first) and remembers the answer', async () => {
    const server = fakeServer({ 'POST /check-email': () => json(200, { data: { exists: true } }) });
    // Left over from a session the server has since ended (a password reset revokes them all).
    document.cookie = 'XSRF-TOKEN=stale; Path=/';
    const flow = createSignInFlow();

    await expect(flow.checkEmail('ada@example.com')).resolves.toBe(true);

    expect(server.trail()).toEqual(['GET /sanctum/csrf-cookie', 'POST /check-email']);
    expect(server.callsTo('POST', '/check-email')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(server.callsTo('POST', '/check-email')[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(flow.getState()).toEqual({ email: 'ada@example.com', exists: true });
  });

  it('cookie mode: CSRF cookie, POST login with remember, then the user is cached, signed in and tracked', async () => {
    const server = fakeServer({
      'POST /check-email': () => json(200, { data: { exists: true } }),
      'POST /login': () => json(200, { data: wireUser() }),
      'GET /api/user': () => json(200, { data: wireUser() }),
    });
    const flow = createSignInFlow();
    await flow.checkEmail('ada@example.com');

    await flow.login('secret-password', true);

    expect(server.trail().slice(2)).toEqual(['GET /sanctum/csrf-cookie', 'POST /login', 'GET /api/user']);
    expect(server.callsTo('POST', '/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret-password', remember: '1' });
    expect(getAuthStatus()).toBe('signed-in');
    expect(sessionStorage.getItem('authStatus')).toBe('true');
    expect(queryClient.getQueryData<User>(userKeys.all)?.displayName).toBe('Ada L');
    expect(track).toHaveBeenCalledWith('user_signed_in');
  });

  it('token mode: POST api/auth/login with a device name and keeps the token in the auth cookie', async () => {
    config.tokenMode = true;
    const server = fakeServer({
      'POST /check-email': () => json(200, { data: { exists: true } }),
      'POST /api/auth/login': () => json(200, { data: { token: '1|abc' } }),
      'GET /api/user': () => json(200, { data: wireUser() }),
    });
    const flow = createSignInFlow();
    await flow.checkEmail('ada@example.com');

    await flow.login('secret-password', false);

    const login = server.callsTo('POST', '/api/auth/login')[0];
    expect(login?.body).toMatchObject({ email: 'ada@example.com', password: 'secret-password' });
    expect(login?.body.device_name).toMatch(/^Wink Health on /);
    expect(server.callsTo('POST', '/login')).toHaveLength(0);
    expect(readCookie('auth_token')).toBe('1|abc');
    expect(server.callsTo('GET', '/api/user')[0]?.headers.get('Authorization')).toBe('Bearer 1|abc');
  });

  it('"Use another e-mail" forgets the checked address', async () => {
    fakeServer({ 'POST /check-email': () => json(200, { data: { exists: false } }) });
    const flow = createSignInFlow();
    await flow.checkEmail('nobody@example.com');

    flow.reset();

    expect(flow.getState()).toEqual({ email: null, exists: null });
    await expect(flow.login('x', false)).rejects.toThrow(EMAIL_NOT_SET_MESSAGE);
  });
});
