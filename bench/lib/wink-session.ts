import type http from 'node:http';
import { request, setCookies, type HttpResponse } from './http';

export const DEMO_LOGIN = { email: 'leader@demo.health', password: 'demo-password-1', remember: true };

/** A cookie session: the `wink_session` secret and its `XSRF-TOKEN`. */
export interface WinkSession {
  session: string;
  xsrf: string;
}

function sessionFrom(res: HttpResponse, what: string): WinkSession {
  const cookies = setCookies(res);
  const session = cookies['wink_session'];
  const xsrf = cookies['XSRF-TOKEN'];
  if (!session || !xsrf)
    throw new Error(`${what}: expected wink_session and XSRF-TOKEN cookies, got ${Object.keys(cookies).join(', ') || 'none'}`);
  return { session, xsrf };
}

/** A fresh anonymous session from `GET /sanctum/csrf-cookie`. */
export async function csrfSession(baseUrl: string, agent?: http.Agent): Promise<WinkSession> {
  const res = await request(`${baseUrl}/sanctum/csrf-cookie`, { agent });
  if (res.status !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${res.status}: ${res.body.slice(0, 200)}`);
  return sessionFrom(res, 'GET /sanctum/csrf-cookie');
}

/**
 * `POST /login` as the demo leader with the session's cookies and CSRF header. The server deletes that
 * session and sets a new one (rotation), which is returned as `next` on success.
 */
export async function login(baseUrl: string, current: WinkSession, agent?: http.Agent): Promise<{ status: number; next?: WinkSession }> {
  const res = await request(`${baseUrl}/login`, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': current.xsrf,
      cookie: `wink_session=${current.session}; XSRF-TOKEN=${current.xsrf}`,
    },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (res.status !== 200) return { status: res.status };
  return { status: res.status, next: sessionFrom(res, 'POST /login') };
}

/** Signs the demo leader in and checks that `GET /api/user` then answers 200. */
export async function signIn(baseUrl: string): Promise<WinkSession> {
  const result = await login(baseUrl, await csrfSession(baseUrl));
  if (!result.next) throw new Error(`POST /login answered ${result.status}`);
  const res = await request(`${baseUrl}/api/user`, { headers: { cookie: `wink_session=${result.next.session}` } });
  if (res.status !== 200) throw new Error(`GET /api/user after sign-in answered ${res.status}: ${res.body.slice(0, 200)}`);
  return result.next;
}
