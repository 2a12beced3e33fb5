import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';

/** What a browser context starts with: the cookies of a signed-in session. */
export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export interface Account {
  email: string;
  password: string;
}

/** The demo accounts the server seeds on its first start (apps/server/src/seed/seed.ts). */
const DEMO_PASSWORD = 'demo-password-1';
export const demoAccounts = {
  /** Trial running: reads and writes everything, no plan. */
  trial: { email: 'trial@demo.health', password: DEMO_PASSWORD },
  /** reader_subscription, trial long over. */
  reader: { email: 'reader@demo.health', password: DEMO_PASSWORD },
  /** leader_subscription: reads and writes. */
  leader: { email: 'leader@demo.health', password: DEMO_PASSWORD },
} as const satisfies Record<string, Account>;

let serial = 0;

/** An address no other test uses, so registering never collides (the data folder is per spec file anyway). */
export function uniqueEmail(label: string): string {
  serial += 1;
  return `${label}-${Date.now().toString(36)}-${serial}@example.test`;
}

/** The header value the server compares with the session's token (the cookie is URL-encoded). */
async function xsrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const csrf = await request.get('/sanctum/csrf-cookie');
  if (csrf.status() !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${csrf.status()}`);
  const { cookies } = await request.storageState();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' };
}

/**
 * A request context with no cookies of its own. Inside a test, Playwright gives new contexts the
 * test's `use` options, the signed-in `storageState` included: signing another account in with those
 * cookies would make the server end the first person's session (a sign-in starts a new session).
 */
const cookieless = (baseURL: string) => playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });

/** Signs in over HTTP, the way the app's second step does, and hands back the session's cookies. */
async function signInOverHttp(baseURL: string, account: Account): Promise<StorageState> {
  const request = await cookieless(baseURL);
  try {
    const headers = await xsrfHeaders(request);
    const login = await request.post('/login', { headers, data: { email: account.email, password: account.password, remember: false } });
    if (login.status() !== 200) throw new Error(`POST /login for ${account.email} answered ${login.status()}: ${await login.text()}`);
    return await request.storageState();
  } finally {
    await request.dispose();
  }
}

const sessions = new Map<string, Promise<StorageState>>();

/**
 * One signed-in session per account and server, shared by every test of the spec file that asks for
 * it (each spec file has its own server, so the key changes with it). Signing in once keeps the
 * suite fast; each test still gets a fresh browser context built from these cookies.
 */
export function signedInState(baseURL: string, account: Account): Promise<StorageState> {
  const key = `${baseURL} ${account.email}`;
  let state = sessions.get(key);
  if (!state) {
    state = signInOverHttp(baseURL, account);
    state.catch(() => sessions.delete(key));
    sessions.set(key, state);
  }
  return state;
}

/** A new account (a fresh trial) registered over HTTP with the given names; its session's cookies. */
export async function registeredState(baseURL: string, names: { name: string; displayName: string }): Promise<StorageState> {
  const request = await cookieless(baseURL);
  try {
    const headers = await xsrfHeaders(request);
    const password = 'a-long-test-password-1';
    const res = await request.post('/register', {
      headers,
      data: { name: names.name, display_name: names.displayName, email: uniqueEmail('person'), password, password_confirmation: password },
    });
    if (res.status() !== 201 && res.status() !== 200) throw new Error(`POST /register answered ${res.status()}: ${await res.text()}`);
    return await request.storageState();
  } finally {
    await request.dispose();
  }
}
