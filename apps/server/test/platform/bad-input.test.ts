import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  feedback,
  passwordResetTokens,
  personalAccessTokens,
  pushRegistrations,
  sessions,
  users,
} from '../../src/db/schema/index';
import type { Agent } from '../support/agent';
import { jobRows } from '../support/jobs';
import { useTestApp } from '../support/test-app';

type Method = 'POST' | 'PATCH' | 'DELETE';
/** Who sends the request: a guest holding a CSRF cookie, a signed-in person, or a client with no cookies at all (token mode). */
type Caller = 'guest' | 'user' | 'app';

const JSON_TYPE = { 'content-type': 'application/json' };
const PASSWORD = 'correct-horse-1';

const t = useTestApp();

async function caller(kind: Caller): Promise<Agent> {
  const agent = t.agent();
  if (kind === 'guest') await agent.csrf();
  if (kind === 'user') await agent.register({ email: 'me@example.com' });
  return agent;
}

/** Row counts of every table a request on these doors could write to: a rejected request leaves them all as they were. */
async function tally() {
  const tables = { users, sessions, personalAccessTokens, passwordResetTokens, pushRegistrations, feedback, analyticsEvents };
  const entries = await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, await t.db.$count(table)] as const));
  return { ...Object.fromEntries(entries), jobs: (await jobRows(t.db)).length };
}

/** A 422 in the wire's shape: a message, and one or more sentences per field; `field` among them, with `sentence` if given. */
function expectInvalid(res: LightMyRequestResponse, field: string, sentence?: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  for (const sentences of Object.values(body.errors)) {
    expect(sentences.length).toBeGreaterThan(0);
    for (const s of sentences) expect(s).toMatch(/^\S.*\.$/);
  }
  // Laravel's summary: the message opens with the first sentence.
  expect(body.message.startsWith(Object.values(body.errors)[0]![0]!)).toBe(true);
  expect(body.errors).toHaveProperty([field]);
  if (sentence) expect(body.errors[field]).toContain(sentence);
}

function expectMessage(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string };
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  if (message) expect(body.message).toBe(message);
}

const validRegistration = {
  name: 'Robin Example',
  display_name: 'Robin',
  email: 'robin@example.com',
  password: 'long-enough-1',
  password_confirmation: 'long-enough-1',
};

const validDevice = {
  token: 'fcm-token-1',
  platform: 'android',
  device_id: 'device-1',
  device_name: 'Pixel 8',
  locale: 'en-GB',
  app_version: '1.4.0',
};

// ---------------------------------------------------------------------------------------------

describe('bad field values, per endpoint', () => {
  type Row = [label: string, body: Record<string, unknown>, field: string, sentence?: string];

  describe('POST /check-email', () => {
    it.each<Row>([
      ['a missing email', {}, 'email', 'The email field is required.'],
      ['a blank email', { email: '   ' }, 'email', 'The email field is required.'],
      ['an email that is not an address', { email: 'not-an-address' }, 'email', 'The email field must be a valid email address.'],
      ['a number for the email', { email: 42 }, 'email', 'The email field must be a string.'],
      ['an object for the email', { email: { address: 'a@b.co' } }, 'email', 'The email field must be a string.'],
      ['an array for the email', { email: ['a@b.co'] }, 'email', 'The email field must be a string.'],
      [
        'an email too long',
        { email: `${'a'.repeat(250)}@example.com` },
        'email',
        'The email field must not be greater than 254 characters.',
      ],
    ])('answers %s with 422', async (_label, body, field, sentence) => {
      const agent = await caller('guest');
      expectInvalid(await agent.post('/check-email', body), field, sentence);
    });
  });

  describe('POST /login', () => {
    it.each<Row>([
      ['missing credentials', {}, 'password', 'The password field is required.'],
      ['a malformed email', { email: 'me-at-example.com', password: PASSWORD }, 'email', 'The email field must be a valid email address.'],
      ['a number for the password', { email: 'me@example.com', password: 12345678 }, 'password', 'The password field must be a string.'],
      [
        'a password too long',
        { email: 'me@example.com', password: 'x'.repeat(129) },
        'password',
        'The password field must not be greater than 128 characters.',
      ],
      [
        'an invalid boolean for remember',
        { email: 'me@example.com', password: PASSWORD, remember: 'perhaps' },
        'remember',
        'The remember field must be true or false.',
      ],
      [
        'an object for remember',
        { email: 'me@example.com', password: PASSWORD, remember: { yes: 1 } },
        'remember',
        'The remember field must be true or false.',
      ],
      [
        'the wrong password',
        { email: 'me@example.com', password: 'not-my-password' },
        'email',
        'These credentials do not match our records.',
      ],
    ])('answers %s with 422 and signs nobody in', async (_label, body, field, sentence) => {
      await t.agent().register({ email: 'me@example.com' });
      const agent = await caller('guest');
      expectInvalid(await agent.post('/login', body), field, sentence);
      expect((await agent.get('/api/user')).statusCode).toBe(401);
    });
  });

  describe('POST /register', () => {
    it.each<Row>([
      ['an empty form', {}, 'email', 'The email field is required.'],
      ['an invalid email', { ...validRegistration, email: 'robin@' }, 'email', 'The email field must be a valid email address.'],
      [
        'a confirmation that does not match',
        { ...validRegistration, password_confirmation: 'something-else' },
        'password',
        'The password field confirmation does not match.',
      ],
      [
        'a short password',
        { ...validRegistration, password: 'short', password_confirmation: 'short' },
        'password',
        'The password field must be at least 8 characters.',
      ],
      [
        'a password too long',
        { ...validRegistration, password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) },
        'password',
        'The password field must not be greater than 128 characters.',
      ],
      [
        'a one-letter display name',
        { ...validRegistration, display_name: 'R' },
        'display_name',
        'The display name field must be at least 2 characters.',
      ],
      ['a blank name', { ...validRegistration, name: '   ' }, 'name', 'The name field is required.'],
      [
        'a name too long',
        { ...validRegistration, name: 'n'.repeat(101) },
        'name',
        'The name field must not be greater than 100 characters.',
      ],
      ['a number for the name', { ...validRegistration, name: 7 }, 'name', 'The name field must be a string.'],
      ['an array for the email', { ...validRegistration, email: ['robin@example.com'] }, 'email', 'The email field must be a string.'],
      [
        'an invalid boolean for the newsletter',
        { ...validRegistration, newsletter_subscription: 'perhaps' },
        'newsletter_subscription',
        'The newsletter subscription field must be true or false.',
      ],
    ])('answers %s with 422, and creates no user, session or mail', async (_label, body, field, sentence) => {
      const agent = await caller('guest');
      const before = await tally();
      expectInvalid(await agent.post('/register', body), field, sentence);
      expect(await tally()).toEqual(before);
      expect(await t.app.jobs.drain()).toBe(0);
      expect(t.mail.messages).toEqual([]);
    });

    it('lists every missing field of an empty form, one sentence each', async () => {
      const agent = await caller('guest');
      const res = await agent.post('/register', {});
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        name: ['The name field is required.'],
        display_name: ['The display name field is required.'],
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        password_confirmation: ['The password confirmation field is required.'],
      });
      expect(res.json().message).toBe('The name field is required. (and 4 more errors)');
    });

    it('refuses a taken address (whatever its case) without a second user or a second mail', async () => {
      await t.agent().register({ email: 'robin@example.com' });
      const agent = await caller('guest');
      const before = await tally();
      const res = await agent.post('/register', { ...validRegistration, email: 'ROBIN@Example.com' });
      expectInvalid(res, 'email', 'The email has already been taken.');
      expect(res.json().errors).toEqual({ email: ['The email has already been taken.'] });
      expect(await tally()).toEqual(before);
      expect((await agent.get('/api/user')).statusCode).toBe(401);
      await t.app.jobs.drain();
      expect(t.mail.to('robin@example.com')).toHaveLength(1);
    });

    it('lets only one of two simultaneous registrations of an address through', async () => {
      const [first, second] = await Promise.all([caller('guest'), caller('guest')]);
      const results = await Promise.all([
        first.post('/register', validRegistration),
        second.post('/register', { ...validRegistration, email: 'Robin@Example.com' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      expectInvalid(
        results.find((r) => r.statusCode === 422)!,
        'email',
        'The email has already been taken.',
      );
      expect(await t.db.$count(users)).toBe(1);
      expect(await jobRows(t.db)).toHaveLength(1);
    });
  });

  describe('POST /forgot-password', () => {
    it.each<Row>([
      ['a missing email', {}, 'email', 'The email field is required.'],
      ['an invalid email', { email: 'who?' }, 'email', 'The email field must be a valid email address.'],
      ['an array for the email', { email: ['me@example.com'] }, 'email', 'The email field must be a string.'],
      ['an object for the email', { email: { to: 'me@example.com' } }, 'email', 'The email field must be a string.'],
    ])('answers %s with 422 and sends nothing', async (_label, body, field, sentence) => {
      await t.agent().register({ email: 'me@example.com' });
      const agent = await caller('guest');
      const before = await tally();
      expectInvalid(await agent.post('/forgot-password', body), field, sentence);
      expect(await tally()).toEqual(before);
    });
  });

  describe('POST /reset-password', () => {
    /** Asks for a reset link for me@example.com and returns the token it carries. */
    async function resetToken(): Promise<string> {
      await t.agent().register({ email: 'me@example.com' });
      const agent = await caller('guest');
      expect((await agent.post('/forgot-password', { email: 'me@example.com' })).statusCode).toBe(200);
      await t.app.jobs.drain();
      return new URL(t.mail.linkTo('me@example.com')).pathname.split('/').pop()!;
    }

    it.each<[string, (token: string) => Record<string, unknown>, string, string?]>([
      [
        'a missing token',
        () => ({ email: 'me@example.com', password: 'new-password-1', password_confirmation: 'new-password-1' }),
        'token',
        'The token field is required.',
      ],
      [
        'a token too long',
        () => ({ token: 't'.repeat(201), email: 'me@example.com', password: 'new-password-1', password_confirmation: 'new-password-1' }),
        'token',
        'The token field must not be greater than 200 characters.',
      ],
      [
        'a number for the token',
        () => ({ token: 123456, email: 'me@example.com', password: 'new-password-1', password_confirmation: 'new-password-1' }),
        'token',
        'The token field must be a string.',
      ],
      [
        'a confirmation that does not match',
        (token) => ({ token, email: 'me@example.com', password: 'new-password-1', password_confirmation: 'new-password-2' }),
        'password',
        'The password field confirmation does not match.',
      ],
      [
        'a short password',
        (token) => ({ token, email: 'me@example.com', password: 'short', password_confirmation: 'short' }),
        'password',
        'The password field must be at least 8 characters.',
      ],
      [
        'a wrong token',
        () => ({ token: 'not-the-token', email: 'me@example.com', password: 'new-password-1', password_confirmation: 'new-password-1' }),
        'email',
        'This password reset token is invalid.',
      ],
      [
        'a token sent for another address',
        (token) => ({ token, email: 'someone@example.com', password: 'new-password-1', password_confirmation: 'new-password-1' }),
        'email',
        'This password reset token is invalid.',
      ],
    ])('answers %s with 422 and leaves the password and the link as they were', async (_label, body, field, sentence) => {
      const token = await resetToken();
      const [before] = await t.db.select({ hash: users.passwordHash }).from(users);
      const agent = await caller('guest');
      expectInvalid(await agent.post('/reset-password', body(token)), field, sentence);
      expect((await t.db.select({ hash: users.passwordHash }).from(users))[0]).toEqual(before);
      // The link still works once the form is right.
      const ok = await agent.post('/reset-password', {
        token,
        email: 'me@example.com',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  describe('POST /api/auth/login (token mode)', () => {
    it.each<Row>([
      ['a missing device name', { email: 'me@example.com', password: PASSWORD }, 'device_name', 'The device name field is required.'],
      [
        'a blank device name',
        { email: 'me@example.com', password: PASSWORD, device_name: '  ' },
        'device_name',
        'The device name field is required.',
      ],
      [
        'a device name too long',
        { email: 'me@example.com', password: PASSWORD, device_name: 'd'.repeat(256) },
        'device_name',
        'The device name field must not be greater than 255 characters.',
      ],
      [
        'an object for the device name',
        { email: 'me@example.com', password: PASSWORD, device_name: { model: 'Pixel' } },
        'device_name',
        'The device name field must be a string.',
      ],
      [
        'a malformed email',
        { email: 'me@', password: PASSWORD, device_name: 'Pixel 8' },
        'email',
        'The email field must be a valid email address.',
      ],
      [
        'the wrong password',
        { email: 'me@example.com', password: 'not-my-password', device_name: 'Pixel 8' },
        'email',
        'These credentials do not match our records.',
      ],
    ])('answers %s with 422 and issues no token', async (_label, body, field, sentence) => {
      await t.agent().register({ email: 'me@example.com' });
      const app = await caller('app');
      expectInvalid(await app.post('/api/auth/login', body), field, sentence);
      expect(await t.db.$count(personalAccessTokens)).toBe(0);
    });
  });

  describe('PATCH /api/user', () => {
    it.each<Row>([
      ['an unknown field', { favourite_colour: 'blue' }, '_', 'Unknown field: favourite_colour.'],
      [
        'unknown fields beside a valid one',
        { display_name: 'Renamed', role: 'admin', banned: false },
        '_',
        'Unknown fields: role, banned.',
      ],
      ['an email change (not a profile field)', { email: 'new@example.com' }, '_', 'Unknown field: email.'],
      ['a one-letter display name', { display_name: 'R' }, 'display_name', 'The display name field must be at least 2 characters.'],
      [
        'a display name too long',
        { display_name: 'd'.repeat(41) },
        'display_name',
        'The display name field must not be greater than 40 characters.',
      ],
      ['a blank name', { name: '  ' }, 'name', 'The name field is required.'],
      ['a number for the name', { name: 12 }, 'name', 'The name field must be a string.'],
      ['an array for the name', { name: ['Pat'] }, 'name', 'The name field must be a string.'],
      ['a colour outside the palette', { avatar_color: 'red' }, 'avatar_color', 'The selected avatar color is invalid.'],
      [
        'a bad colour beside a good name',
        { display_name: 'Renamed', avatar_color: '#000000' },
        'avatar_color',
        'The selected avatar color is invalid.',
      ],
    ])('answers %s with 422 and changes nothing', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      const before = (await agent.get('/api/user')).json();
      expectInvalid(await agent.patch('/api/user', body), field, sentence);
      expect((await agent.get('/api/user')).json()).toEqual(before);
    });
  });

  describe('PATCH /api/user/password', () => {
    it.each<Row>([
      ['an empty form', {}, 'current_password', 'The current password field is required.'],
      [
        'a confirmation that does not match',
        { current_password: PASSWORD, password: 'new-password-1', password_confirmation: 'new-password-2' },
        'password',
        'The password field confirmation does not match.',
      ],
      [
        'a short new password',
        { current_password: PASSWORD, password: 'short', password_confirmation: 'short' },
        'password',
        'The password field must be at least 8 characters.',
      ],
      [
        'a number for the new password',
        { current_password: PASSWORD, password: 123456789, password_confirmation: 123456789 },
        'password',
        'The password field must be a string.',
      ],
      [
        'the wrong current password',
        { current_password: 'not-my-password', password: 'new-password-1', password_confirmation: 'new-password-1' },
        'current_password',
        'The password is incorrect.',
      ],
    ])('answers %s with 422, keeps the password and signs no device out', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      const other = t.agent();
      expect((await other.login('me@example.com', PASSWORD)).statusCode).toBe(200);
      const before = await tally();
      const [hash] = await t.db.select({ hash: users.passwordHash }).from(users);
      expectInvalid(await agent.patch('/api/user/password', body), field, sentence);
      expect(await tally()).toEqual(before);
      expect((await t.db.select({ hash: users.passwordHash }).from(users))[0]).toEqual(hash);
      expect((await other.get('/api/user')).statusCode).toBe(200);
    });
  });

  describe('PATCH /api/user/settings', () => {
    it.each<Row>([
      ['an unknown setting', { sms_notifications: true }, '_', 'Unknown field: sms_notifications.'],
      ['an unknown setting beside a valid one', { web_notifications: true, dark_mode: true }, '_', 'Unknown field: dark_mode.'],
      [
        'a word that is not a boolean',
        { email_notifications: 'perhaps' },
        'email_notifications',
        'The email notifications field must be true or false.',
      ],
      ['a number other than 1 or 0', { web_notifications: 2 }, 'web_notifications', 'The web notifications field must be true or false.'],
      [
        'an object for a boolean',
        { push_notifications: { on: true } },
        'push_notifications',
        'The push notifications field must be true or false.',
      ],
      [
        'an array for a boolean',
        { newsletter_subscription: [true] },
        'newsletter_subscription',
        'The newsletter subscription field must be true or false.',
      ],
      ['null for a boolean', { email_notifications: null }, 'email_notifications'],
      [
        'one bad value among good ones',
        { web_notifications: true, push_notifications: 'yes please' },
        'push_notifications',
        'The push notifications field must be true or false.',
      ],
    ])('answers %s with 422 and changes nothing', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      const before = (await agent.get('/api/user')).json();
      expectInvalid(await agent.patch('/api/user/settings', body), field, sentence);
      expect((await agent.get('/api/user')).json()).toEqual(before);
    });
  });

  describe('DELETE /api/user', () => {
    it.each<Row>([
      ['a missing password', {}, 'password', 'The password field is required.'],
      ['an empty password', { password: '' }, 'password', 'The password field is required.'],
      ['a number for the password', { password: 12345678 }, 'password', 'The password field must be a string.'],
      ['the wrong password', { password: 'not-my-password' }, 'password', 'The password is incorrect.'],
    ])('answers %s with 422 and keeps the account', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      const before = await tally();
      expectInvalid(await agent.delete('/api/user', body), field, sentence);
      expect(await tally()).toEqual(before);
      expect((await agent.get('/api/user')).statusCode).toBe(200);
    });
  });

  describe('POST /api/push/register', () => {
    it.each<Row>([
      ['a platform outside the list', { ...validDevice, platform: 'windows-phone' }, 'platform', 'The selected platform is invalid.'],
      ['a platform in the wrong case', { ...validDevice, platform: 'Android' }, 'platform', 'The selected platform is invalid.'],
      ['a missing token', { ...validDevice, token: undefined }, 'token', 'The token field is required.'],
      ['a number for the token', { ...validDevice, token: 1234 }, 'token', 'The token field must be a string.'],
      [
        'a token too long',
        { ...validDevice, token: 't'.repeat(4097) },
        'token',
        'The token field must not be greater than 4096 characters.',
      ],
      ['an object for the device id', { ...validDevice, device_id: { id: 1 } }, 'device_id', 'The device id field must be a string.'],
      [
        'a device name too long',
        { ...validDevice, device_name: 'n'.repeat(256) },
        'device_name',
        'The device name field must not be greater than 255 characters.',
      ],
      [
        'a locale too long',
        { ...validDevice, locale: 'l'.repeat(36) },
        'locale',
        'The locale field must not be greater than 35 characters.',
      ],
      ['a blank app version', { ...validDevice, app_version: ' ' }, 'app_version', 'The app version field is required.'],
      [
        'an app version too long',
        { ...validDevice, app_version: '1'.repeat(51) },
        'app_version',
        'The app version field must not be greater than 50 characters.',
      ],
    ])('answers %s with 422 and stores no device', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      expectInvalid(await agent.post('/api/push/register', body), field, sentence);
      expect(await t.db.$count(pushRegistrations)).toBe(0);
    });

    it('says a missing platform is required rather than "invalid"', async () => {
      // A missing choice is "required", like any missing field, not "invalid".
      const agent = await caller('user');
      const res = await agent.post('/api/push/register', { ...validDevice, platform: undefined });
      expectInvalid(res, 'platform');
      expect(res.json().errors.platform).toEqual(['The platform field is required.']);
    });
  });

  describe('PATCH /api/push/unregister', () => {
    it.each<Row>([
      ['a missing token', {}, 'token', 'The token field is required.'],
      ['a blank token', { token: '   ' }, 'token', 'The token field is required.'],
      ['a number for the token', { token: 99 }, 'token', 'The token field must be a string.'],
      ['an array of tokens', { token: ['a', 'b'] }, 'token', 'The token field must be a string.'],
    ])('answers %s with 422 and keeps my devices', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      expect((await agent.post('/api/push/register', validDevice)).statusCode).toBe(204);
      expectInvalid(await agent.patch('/api/push/unregister', body), field, sentence);
      expect(await t.db.$count(pushRegistrations)).toBe(1);
    });
  });

  describe('POST /api/feedback', () => {
    it.each<Row>([
      ['a missing message', { rating: 4 }, 'message', 'The message field is required.'],
      ['a blank message', { message: '  \n ' }, 'message', 'The message field is required.'],
      ['a message too long', { message: 'm'.repeat(5001) }, 'message', 'The message field must not be greater than 5000 characters.'],
      ['an object for the message', { message: { text: 'hi' } }, 'message', 'The message field must be a string.'],
      ['a rating of 0', { message: 'Nice', rating: 0 }, 'rating', 'The rating field must be at least 1.'],
      ['a rating of 6', { message: 'Nice', rating: 6 }, 'rating', 'The rating field must not be greater than 5.'],
      ['a word for the rating', { message: 'Nice', rating: 'five' }, 'rating', 'The rating field must be a number.'],
      ['a fractional rating', { message: 'Nice', rating: 3.5 }, 'rating'],
      [
        'a page too long',
        { message: 'Nice', page: `/${'p'.repeat(500)}` },
        'page',
        'The page field must not be greater than 500 characters.',
      ],
      [
        'an app version too long',
        { message: 'Nice', app_version: 'v'.repeat(51) },
        'app_version',
        'The app version field must not be greater than 50 characters.',
      ],
    ])('answers %s with 422 and stores nothing', async (_label, body, field, sentence) => {
      const agent = await caller('user');
      expectInvalid(await agent.post('/api/feedback', body), field, sentence);
      expect(await t.db.$count(feedback)).toBe(0);
    });
  });

  describe('POST /api/analytics/events', () => {
    const view = { name: 'page_view', page: '/search' };
    it.each<Row>([
      ['a missing events list', {}, 'events', 'The events field is required.'],
      ['an empty events list', { events: [] }, 'events'],
      ['a string for the events', { events: 'page_view' }, 'events', 'The events field must be a list.'],
      ['an object for the events', { events: view }, 'events', 'The events field must be a list.'],
      [
        'more than 50 events',
        { events: Array.from({ length: 51 }, () => view) },
        'events',
        'The events field must not have more than 50 items.',
      ],
      ['an unknown event name', { events: [{ name: 'user_levelled_up' }] }, 'events.0.name', 'The selected name is invalid.'],
      [
        'one unknown name among good events',
        { events: [view, { name: 'page-view' }, view] },
        'events.1.name',
        'The selected name is invalid.',
      ],
      ['a number for the name', { events: [{ name: 3 }] }, 'events.0.name'],
      [
        'a date that is not a date',
        { events: [{ ...view, occurred_at: 'yesterday' }] },
        'events.0.occurred_at',
        'The occurred at field must be a valid date.',
      ],
      ['a nested property', { events: [{ ...view, properties: { filters: { year: 2020 } } }] }, 'events.0.properties.filters'],
      [
        'a property value too long',
        { events: [{ ...view, properties: { q: 'q'.repeat(501) } }] },
        'events.0.properties.q',
        'The q field must not be greater than 500 characters.',
      ],
      [
        'more than 30 properties',
        { events: [{ ...view, properties: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`p${i}`, i])) }] },
        'events.0.properties',
        'An event may carry at most 30 properties.',
      ],
      [
        'a page too long',
        { events: [{ name: 'page_view', page: `/${'p'.repeat(500)}` }] },
        'events.0.page',
        'The page field must not be greater than 500 characters.',
      ],
    ])('answers %s with 422 and stores none of the batch', async (_label, body, field, sentence) => {
      const agent = await caller('guest');
      expectInvalid(await agent.post('/api/analytics/events', body), field, sentence);
      expect(await t.db.$count(analyticsEvents)).toBe(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('bodies of the wrong shape, on every endpoint', () => {
  const endpoints: [Method, string, Caller][] = [
    ['POST', '/check-email', 'guest'],
    ['POST', '/login', 'guest'],
    ['POST', '/register', 'guest'],
    ['POST', '/forgot-password', 'guest'],
    ['POST', '/reset-password', 'guest'],
    ['POST', '/api/auth/login', 'app'],
    ['PATCH', '/api/user', 'user'],
    ['PATCH', '/api/user/password', 'user'],
    ['PATCH', '/api/user/settings', 'user'],
    ['DELETE', '/api/user', 'user'],
    ['POST', '/api/push/register', 'user'],
    ['PATCH', '/api/push/unregister', 'user'],
    ['POST', '/api/feedback', 'user'],
    ['POST', '/api/analytics/events', 'guest'],
  ];
  const shapes: [string, string][] = [
    ['a JSON array', '[]'],
    ['a JSON array of objects', '[{"email":"me@example.com","password":"correct-horse-1"}]'],
    ['a JSON string', '"me@example.com"'],
    ['a JSON number', '42'],
    ['JSON true', 'true'],
  ];
  const table = endpoints.flatMap(([method, url, who]) => shapes.map(([shape, raw]) => [method, url, who, shape, raw] as const));

  it.each(table)('%s %s (%s) answers %s with 422 on the whole body, writing nothing', async (method, url, who, _shape, raw) => {
    const agent = await caller(who);
    const before = await tally();
    const res = await agent.request(method, url, raw, JSON_TYPE);
    expectInvalid(res, '_', 'The value field must be an object.');
    expect(await tally()).toEqual(before);
    if (who === 'user') expect((await agent.get('/api/user')).statusCode).toBe(200);
  });

  // A body that is JSON null, or no body at all, is a form with every field missing.
  const required = endpoints.filter(([method, url]) => !(method === 'PATCH' && (url === '/api/user' || url === '/api/user/settings')));
  const firstRequired: Record<string, string> = {
    '/check-email': 'email',
    '/login': 'email',
    '/register': 'email',
    '/forgot-password': 'email',
    '/reset-password': 'token',
    '/api/auth/login': 'device_name',
    '/api/user/password': 'current_password',
    '/api/user': 'password',
    '/api/push/register': 'token',
    '/api/push/unregister': 'token',
    '/api/feedback': 'message',
    '/api/analytics/events': 'events',
  };
  it.each(required.flatMap(([method, url, who]) => [[method, url, who, 'JSON null'] as const, [method, url, who, 'no body'] as const]))(
    '%s %s (%s) answers %s with 422 naming the required fields',
    async (method, url, who, shape) => {
      const agent = await caller(who);
      const before = await tally();
      const res = shape === 'no body' ? await agent.request(method, url) : await agent.request(method, url, 'null', JSON_TYPE);
      const field = firstRequired[url]!;
      const attribute = field.replace(/_/g, ' ');
      expectInvalid(res, field, `The ${attribute} field is required.`);
      expect(await tally()).toEqual(before);
    },
  );

  it.each([
    ['PATCH', '/api/user', 'JSON null'],
    ['PATCH', '/api/user', 'no body'],
    ['PATCH', '/api/user/settings', 'JSON null'],
    ['PATCH', '/api/user/settings', 'no body'],
  ] as const)('%s %s with %s changes nothing and answers the account as it is', async (method, url, shape) => {
    const agent = await caller('user');
    const before = (await agent.get('/api/user')).json();
    const res = shape === 'no body' ? await agent.request(method, url) : await agent.request(method, url, 'null', JSON_TYPE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it('reads an empty body declared as JSON as an empty form (422 naming the fields, as Laravel does)', async () => {
    const agent = await caller('guest');
    const res = await agent.request('POST', '/check-email', '', JSON_TYPE);
    expectInvalid(res, 'email', 'The email field is required.');
  });

  it('reads urlencoded and multipart forms with the same rules as JSON', async () => {
    const agent = await caller('guest');
    const form = await agent.request(
      'POST',
      '/register',
      'name=Robin&display_name=Robin&email=robin%40example.com&password=short&password_confirmation=other',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expectInvalid(form, 'password', 'The password field must be at least 8 characters.');
    expect(form.json().errors).toEqual({
      password: ['The password field must be at least 8 characters.', 'The password field confirmation does not match.'],
    });

    const nested = await agent.request('POST', '/check-email', 'email[]=a%40b.co&email[]=c%40d.co', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectInvalid(nested, 'email', 'The email field must be a string.');

    const boundary = '----bad-input';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nnot-an-address\r\n--${boundary}--\r\n`;
    const res = await agent.request('POST', '/forgot-password', multipart, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expectInvalid(res, 'email', 'The email field must be a valid email address.');
    expect(await t.db.$count(users)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('requests the framework turns away', () => {
  describe('unknown routes', () => {
    it.each([
      ['GET', '/api/no-such-thing'],
      ['GET', '/api/users/abc/unknown-tab'],
      ['POST', '/api/no-such-thing'],
      ['DELETE', '/api/push/registrations/1'],
      ['GET', '/sanctum/unknown'],
      ['GET', '/api/user/avatar.png'],
    ] as const)('%s %s answers 404 {message: "Not Found."}', async (method, url) => {
      const agent = await caller('user');
      const res = await agent.request(method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found.' });
    });
  });

  describe('known routes, wrong method', () => {
    it.each([
      ['PUT', '/api/user', 'GET, PATCH, DELETE'],
      ['POST', '/api/user/settings', 'PATCH'],
      ['GET', '/check-email', 'POST'],
      ['DELETE', '/login', 'POST'],
      ['GET', '/api/feedback', 'POST'],
      ['PUT', '/api/push/register', 'POST'],
      ['POST', '/api/push/unregister', 'PATCH'],
      ['GET', '/api/analytics/events', 'POST'],
      ['PATCH', '/api/auth/login', 'POST'],
    ] as const)('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
      const agent = await caller('user');
      const res = await agent.request(method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json().message).toBe(`The ${method} method is not supported for this route. Supported methods: ${allow}.`);
    });
  });

  describe('malformed JSON', () => {
    it.each([
      ['POST', '/check-email', 'guest', '{"email": '],
      ['POST', '/register', 'guest', "{'email': 'a@b.co'}"],
      ['POST', '/api/auth/login', 'app', '{"email":"a@b.co",}'],
      ['PATCH', '/api/user', 'user', '{display_name: "Pat"}'],
      ['DELETE', '/api/user', 'user', '{"password": "correct-horse-1"'],
      ['POST', '/api/analytics/events', 'guest', '{"events": [ {"name": "page_view"} ]]'],
    ] as const)('%s %s (%s) answers 400 and writes nothing', async (method, url, who, raw) => {
      const agent = await caller(who);
      const before = await tally();
      expectMessage(await agent.request(method, url, raw, JSON_TYPE), 400, 'The request body is not valid JSON.');
      expect(await tally()).toEqual(before);
    });

    it('answers a JSON body that tries to set __proto__ with 400, not 500', async () => {
      const agent = await caller('guest');
      const res = await agent.request('POST', '/check-email', '{"email":"a@b.co","__proto__":{"admin":true}}', JSON_TYPE);
      expectMessage(res, 400);
    });
  });

  describe('oversize bodies (BODY_LIMIT_BYTES, 1 MiB by default)', () => {
    it('answers a JSON body over the limit with 413 and creates no user', async () => {
      const agent = await caller('guest');
      const res = await agent.post('/register', { ...validRegistration, name: 'n'.repeat(1_100_000) });
      expectMessage(res, 413, 'The request body is too large.');
      expect(await t.db.$count(users)).toBe(0);
    });

    it('answers a urlencoded body over the limit with 413', async () => {
      const agent = await caller('user');
      const res = await agent.request('POST', '/api/feedback', `message=${'m'.repeat(1_100_000)}`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expectMessage(res, 413, 'The request body is too large.');
      expect(await t.db.$count(feedback)).toBe(0);
    });

    it('answers a multipart body over the limit with 413', async () => {
      // @fastify/multipart reads the stream itself, past Fastify's bodyLimit: the server checks the declared length.
      const agent = await caller('user');
      const boundary = '----oversize';
      const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      let body = part('message', 'Hello');
      for (let i = 0; i < 150; i++) body += part(`padding_${i}`, 'p'.repeat(20_000));
      body += `--${boundary}--\r\n`;
      const res = await agent.request('POST', '/api/feedback', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expectMessage(res, 413);
      expect(await t.db.$count(feedback)).toBe(0);
    });
  });

  describe('unsupported content types', () => {
    it.each([
      ['application/xml', '<email>a@b.co</email>'],
      ['application/octet-stream', 'email=a@b.co'],
      ['application/vnd.api+json', '{"email":"a@b.co"}'],
      ['image/png', '\x89PNG'],
    ])('answers %s with 415 and a message', async (type, raw) => {
      const agent = await caller('guest');
      expectMessage(
        await agent.request('POST', '/check-email', raw, { 'content-type': type }),
        415,
        'The request body has an unsupported content type.',
      );
    });

    it('answers a body with no content type with 415 and a message', async () => {
      const agent = await caller('guest');
      expectMessage(await agent.request('POST', '/check-email', 'email=a@b.co'), 415, 'The request body has an unsupported content type.');
    });

    it('answers text/plain with 415 and a message, not a validation error about "the value field"', async () => {
      // Only JSON, urlencoded and multipart are read (docs/wire.md); text/plain would reach validation as a string.
      const agent = await caller('guest');
      const res = await agent.request('POST', '/check-email', 'email=a@b.co', { 'content-type': 'text/plain;charset=UTF-8' });
      expectMessage(res, 415, 'The request body has an unsupported content type.');
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('text no field may hold, on every endpoint at once', () => {
  it('answers a NUL or an unpaired surrogate in a path with the route’s own 404, as for an id that never existed', async () => {
    const agent = await caller('user');
    for (const [url, message] of [
      ['/api/discussions/%00', 'The discussion was not found.'],
      ['/api/discussions/a%00b/comments', 'The discussion was not found.'],
      ['/api/mesh/%00', 'The MeSH descriptor was not found.'],
    ] as const) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message });
    }
  });

  it.each([
    [
      'a NUL in a JSON string',
      'PATCH',
      '/api/push/unregister',
      '{"token":"\\u0000"}',
      JSON_TYPE,
      'token',
      'The token field must not contain NUL characters.',
    ],
    [
      'an unpaired surrogate',
      'POST',
      '/api/feedback',
      '{"message":"hi \\ud800"}',
      JSON_TYPE,
      'message',
      'The message field must be valid Unicode text.',
    ],
    [
      'a NUL in a form field',
      'POST',
      '/api/feedback',
      'message=a%00b',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'message',
      undefined,
    ],
    [
      'a NUL in a field name',
      'POST',
      '/api/analytics/events',
      '{"events":[{"name":"page_view","properties":{"\\u0000":1}}]}',
      JSON_TYPE,
      'events.0.properties',
      undefined,
    ],
    [
      'nesting a thousand levels deep',
      'POST',
      '/api/analytics/events',
      `{"events":${'['.repeat(1000)}${']'.repeat(1000)}}`,
      JSON_TYPE,
      'events',
      'The events field is nested too deeply.',
    ],
  ] as const)('answers %s with 422 naming the field, writing nothing', async (_label, method, url, raw, headers, field, sentence) => {
    const agent = await caller('user');
    const before = await tally();
    expectInvalid(await agent.request(method, url, raw, headers), field, sentence);
    expect(await tally()).toEqual(before);
  });

  it('answers a NUL in the query with 422 naming the parameter', async () => {
    const agent = await caller('user');
    expectInvalid(await agent.get('/api/notifications?cursor=%00'), 'cursor', 'The cursor field must not contain NUL characters.');
  });

  it('answers absurd numbers with 422, never a database error', async () => {
    const agent = await caller('user');
    for (const raw of [
      '{"message":"Hello","rating":1e309}',
      '{"message":"Hello","rating":-99999999999999999999}',
      '{"message":"Hello","rating":[5]}',
    ]) {
      const res = await agent.request('POST', '/api/feedback', raw, JSON_TYPE);
      expect(res.statusCode, raw).toBe(422);
    }
  });

  it('answers multipart bodies without a usable boundary, or cut short, with 400 and a sentence', async () => {
    const agent = await caller('guest');
    const part = 'Content-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n';
    for (const [type, body, message] of [
      ['multipart/form-data', `--x\r\n${part}--x--\r\n`, 'The multipart body has no valid boundary.'],
      [`multipart/form-data; boundary=${'b'.repeat(71)}`, `--x\r\n${part}`, 'The multipart body has no valid boundary.'],
      ['multipart/form-data; boundary=x', `--x\r\n${part}`, 'The multipart body ends before its closing boundary.'],
    ] as const) {
      expectMessage(await agent.request('POST', '/check-email', body, { 'content-type': type }), 400, message);
    }
  });

  it('answers a bad _method with 422 on _method', async () => {
    const agent = await caller('user');
    for (const raw of ['{"_method":"TRACE"}', '{"_method":["PUT"]}', '{"_method":{"m":"PUT"}}']) {
      expectInvalid(await agent.request('POST', '/api/feedback', raw, JSON_TYPE), '_method', 'The selected method is invalid.');
    }
  });
});
