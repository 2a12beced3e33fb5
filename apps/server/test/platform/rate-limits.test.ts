import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { personalAccessTokens, sessions, users } from '../../src/db/schema/index';
import { jobRows } from '../support/jobs';
import { registrationBody, TEST_PASSWORD } from '../support/agent';
import { useTestApp } from '../support/test-app';

const IP_LIMIT = 5;
const EMAIL_LIMIT = 3;
const PASSWORD = TEST_PASSWORD;

const t = useTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: IP_LIMIT, RATE_LIMIT_EMAIL_PER_MINUTE: EMAIL_LIMIT } });

/**
 * A browser at a given client address: its own session and CSRF token, every request from `ip`.
 * (The agent always comes from 127.0.0.1; limits per address need more than one address.)
 */
async function browserAt(ip: string) {
  const csrf = await t.app.inject({ url: '/sanctum/csrf-cookie', remoteAddress: ip });
  const jar = new Map(csrf.cookies.map((c) => [c.name, c.value]));
  return {
    post: async (url: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: ip,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!),
        },
      });
      for (const c of res.cookies) jar.set(c.name, c.value);
      return res;
    },
    me: () => t.app.inject({ url: '/api/user', remoteAddress: ip, headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } }),
  };
}

/** The Android app: no cookies, no CSRF. */
const tokenLogin = (payload: Record<string, unknown>, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = res.headers['retry-after'];
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  // A sliding minute: at most the rest of this minute and the part of the next it takes for this
  // minute's attempts to weigh one less than the limit.
  expect(Number(retryAfter)).toBeLessThanOrEqual(60 + 60 / EMAIL_LIMIT);
  expect(res.json().message).toBe('Too many attempts. Please try again later.');
}

async function account(email: string) {
  await t.agent().register({ email });
  return { email, password: PASSWORD };
}

describe('POST /login', () => {
  it(`refuses attempt ${EMAIL_LIMIT + 1} on the same address within a minute, even with the right password`, async () => {
    const { email, password } = await account('sam@example.com');
    const browser = await browserAt('198.51.100.1');
    for (let i = 0; i < EMAIL_LIMIT; i++) {
      expect((await browser.post('/login', { email, password: `wrong-guess-${i}` })).statusCode).toBe(422);
    }
    const refused = await browser.post('/login', { email, password });
    expectTooMany(refused);
    expect((await browser.me()).statusCode).toBe(401);
  });

  it('counts an address whatever its case, and from any client address', async () => {
    const { email, password } = await account('sam@example.com');
    const spellings = ['sam@example.com', 'SAM@example.com', 'Sam@Example.COM'];
    for (const [i, spelling] of spellings.entries()) {
      const res = await (await browserAt(`198.51.100.${i + 1}`)).post('/login', { email: spelling, password: 'wrong-guess' });
      expect(res.statusCode).toBe(422);
    }
    expectTooMany(await (await browserAt('203.0.113.9')).post('/login', { email, password }));
  });

  it('keeps other addresses open while one is locked', async () => {
    const sam = await account('sam@example.com');
    const kim = await account('kim@example.com');
    const browser = await browserAt('198.51.100.1');
    for (let i = 0; i < EMAIL_LIMIT; i++) await browser.post('/login', { email: sam.email, password: 'wrong-guess' });
    expectTooMany(await browser.post('/login', { email: sam.email, password: sam.password }));
    const other = await browserAt('198.51.100.2');
    expect((await other.post('/login', kim)).statusCode).toBe(200);
    expect((await other.me()).json().data.email).toBe(kim.email);
  });

  it(`refuses attempt ${IP_LIMIT + 1} from one client address across different e-mail addresses`, async () => {
    const { email, password } = await account('sam@example.com');
    const browser = await browserAt('198.51.100.7');
    for (let i = 0; i < IP_LIMIT; i++) {
      expect((await browser.post('/login', { email: `guess-${i}@example.com`, password: 'whatever-1' })).statusCode).toBe(422);
    }
    expectTooMany(await browser.post('/login', { email, password }));
    expect((await browser.me()).statusCode).toBe(401);
    // Another client address is not held up by this one.
    const elsewhere = await browserAt('198.51.100.8');
    expect((await elsewhere.post('/login', { email, password })).statusCode).toBe(200);
  });

  it('does not count requests that failed validation', async () => {
    const { email, password } = await account('sam@example.com');
    const browser = await browserAt('198.51.100.1');
    for (let i = 0; i < IP_LIMIT + 2; i++) {
      expect((await browser.post('/login', { email, password: '' })).statusCode).toBe(422);
    }
    expect((await browser.post('/login', { email, password })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/login (token mode)', () => {
  it(`refuses attempt ${EMAIL_LIMIT + 1} on the same address and issues no token`, async () => {
    const { email, password } = await account('sam@example.com');
    for (let i = 0; i < EMAIL_LIMIT; i++) {
      expect((await tokenLogin({ email, password: 'wrong-guess', device_name: 'Pixel 8' }, `198.51.100.${i + 1}`)).statusCode).toBe(422);
    }
    const refused = await tokenLogin({ email, password, device_name: 'Pixel 8' }, '198.51.100.9');
    expectTooMany(refused);
    expect(refused.json()).not.toHaveProperty('data');
    expect(await t.db.$count(personalAccessTokens)).toBe(0);
  });

  it(`refuses attempt ${IP_LIMIT + 1} from one client address`, async () => {
    const { email, password } = await account('sam@example.com');
    for (let i = 0; i < IP_LIMIT; i++) {
      expect((await tokenLogin({ email: `guess-${i}@example.com`, password: 'whatever-1', device_name: 'Pixel 8' })).statusCode).toBe(422);
    }
    expectTooMany(await tokenLogin({ email, password, device_name: 'Pixel 8' }));
    expect(await t.db.$count(personalAccessTokens)).toBe(0);
    const elsewhere = await tokenLogin({ email, password, device_name: 'Pixel 8' }, '198.51.100.50');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().data.token).toEqual(expect.any(String));
  });
});

describe('POST /check-email', () => {
  it(`refuses look-up ${EMAIL_LIMIT + 1} of the same address`, async () => {
    await account('sam@example.com');
    for (let i = 0; i < EMAIL_LIMIT; i++) {
      const res = await (await browserAt(`198.51.100.${i + 1}`)).post('/check-email', { email: 'sam@example.com' });
      expect(res.json()).toEqual({ data: { exists: true } });
    }
    const refused = await (await browserAt('198.51.100.9')).post('/check-email', { email: 'sam@example.com' });
    expectTooMany(refused);
    // A refused look-up tells nothing about the address.
    expect(refused.json()).not.toHaveProperty('data');
  });

  it(`refuses look-up ${IP_LIMIT + 1} from one client address, whatever the addresses (no enumeration)`, async () => {
    const browser = await browserAt('198.51.100.7');
    for (let i = 0; i < IP_LIMIT; i++) {
      expect((await browser.post('/check-email', { email: `probe-${i}@example.com` })).statusCode).toBe(200);
    }
    expectTooMany(await browser.post('/check-email', { email: 'probe-last@example.com' }));
    expect((await (await browserAt('198.51.100.8')).post('/check-email', { email: 'probe-last@example.com' })).statusCode).toBe(200);
  });
});

describe('POST /register', () => {
  it(`refuses registration ${IP_LIMIT + 1} from one client address and creates no user, session or mail`, async () => {
    const browser = await browserAt('198.51.100.7');
    for (let i = 0; i < IP_LIMIT; i++) {
      // A fresh browser per account, as people sharing one address would be; all from the same address.
      const res = await (await browserAt('198.51.100.7')).post('/register', registrationBody(`person-${i}@example.com`));
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = { users: await t.db.$count(users), sessions: await t.db.$count(sessions), jobs: (await jobRows(t.db)).length };
    const refused = await browser.post('/register', registrationBody('one-too-many@example.com'));
    expectTooMany(refused);
    expect(await t.db.select().from(users).where(eq(users.email, 'one-too-many@example.com'))).toEqual([]);
    expect({ users: await t.db.$count(users), sessions: await t.db.$count(sessions), jobs: (await jobRows(t.db)).length }).toEqual(before);
    expect((await browser.me()).statusCode).toBe(401);
  });

  it(`refuses attempt ${EMAIL_LIMIT + 1} on the same address, from any client address`, async () => {
    // The first attempt creates the account; the next two are told the address is taken.
    for (let i = 0; i < EMAIL_LIMIT; i++) {
      const res = await (await browserAt(`198.51.100.${i + 1}`)).post('/register', registrationBody('robin@example.com'));
      expect(res.statusCode).toBe(i === 0 ? 201 : 422);
    }
    expectTooMany(await (await browserAt('198.51.100.9')).post('/register', registrationBody('robin@example.com')));
    expect(await t.db.$count(users)).toBe(1);
  });
});

describe('POST /forgot-password', () => {
  it(`refuses request ${IP_LIMIT + 1} from one client address and sends no link`, async () => {
    const { email } = await account('sam@example.com');
    await t.app.jobs.drain();
    t.mail.messages = [];
    const browser = await browserAt('198.51.100.7');
    for (let i = 0; i < IP_LIMIT; i++) {
      expect((await browser.post('/forgot-password', { email: `nobody-${i}@example.com` })).statusCode).toBe(200);
    }
    expectTooMany(await browser.post('/forgot-password', { email }));
    await t.app.jobs.drain();
    expect(t.mail.messages).toEqual([]);
  });

  it(`refuses request ${EMAIL_LIMIT + 1} for the same address, from any client address`, async () => {
    const { email } = await account('sam@example.com');
    for (let i = 0; i < EMAIL_LIMIT; i++) {
      expect((await (await browserAt(`198.51.100.${i + 1}`)).post('/forgot-password', { email })).statusCode).toBe(200);
    }
    expectTooMany(await (await browserAt('198.51.100.9')).post('/forgot-password', { email }));
  });
});
