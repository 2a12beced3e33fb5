import { ANALYTICS_EVENTS, MAX_EVENTS_PER_BATCH } from '@wink/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, feedback, users } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

async function signedIn() {
  const agent = t.agent();
  const { user, email, password } = await agent.register();
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.sid, user.sid));
  return { agent, email, password, userId: row!.id };
}

async function guest() {
  const agent = t.agent();
  await agent.csrf();
  return agent;
}

const storedFeedback = () => t.db.select().from(feedback);
const storedEvents = () => t.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);

/** A batch like the product's client sends: a sign-in, a search, a click on a result, page views. */
const seedBatch = () => [
  { name: 'user_signed_in', page: '/sign-in' },
  { name: 'page_view', page: '/search?q=asthma' },
  { name: 'search_used', properties: { term: 'asthma', results: 12, mesh_mapped: true }, page: '/search?q=asthma' },
  { name: 'sri_clicked', properties: { sri_id: 'pubmed:31234567', position: 3 }, page: '/search?q=asthma' },
  { name: 'mesh_info_expanded', properties: { ui: 'D001249' } },
];

// ---------------------------------------------------------------------------------------------

describe('POST /api/feedback', () => {
  it('answers 401 to a guest and stores nothing', async () => {
    const res = await (await guest()).post('/api/feedback', { message: 'Lovely app', rating: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect(await storedFeedback()).toEqual([]);
  });

  it('answers 201 with what it stored', async () => {
    const { agent, userId } = await signedIn();
    const before = Date.now();
    const res = await agent.post('/api/feedback', {
      message: 'The MeSH explanations are great.',
      rating: 4,
      page: '/search?q=asthma',
      app_version: '2.3.1',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{16}$/),
      message: 'The MeSH explanations are great.',
      rating: 4,
      page: '/search?q=asthma',
      app_version: '2.3.1',
      created_at: expect.any(String),
    });
    expect(Date.parse(data.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(await storedFeedback()).toEqual([
      expect.objectContaining({
        publicId: data.id,
        userId,
        message: 'The MeSH explanations are great.',
        rating: 4,
        page: '/search?q=asthma',
        appVersion: '2.3.1',
      }),
    ]);
  });

  it('takes a message alone: rating, page and app version are optional', async () => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/feedback', { message: 'Just a note.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ message: 'Just a note.', rating: null, page: null, app_version: null });
  });

  it('takes an explicit null rating', async () => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/feedback', { message: 'No stars from me.', rating: null });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.rating).toBeNull();
  });

  it.each([1, 2, 3, 4, 5])('accepts the rating %i', async (rating) => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/feedback', { message: 'Rated.', rating });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.rating).toBe(rating);
  });

  it.each([0, 6, -1])('refuses the rating %i with 422 naming the field', async (rating) => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/feedback', { message: 'Rated.', rating });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['rating']);
    expect(await storedFeedback()).toEqual([]);
  });

  it('reads a rating sent as text from a form', async () => {
    const { agent } = await signedIn();
    const res = await agent.request('POST', '/api/feedback', 'message=From+a+form&rating=3', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ message: 'From a form', rating: 3 });
  });

  it('requires a message and keeps one of exactly 5000 characters whole', async () => {
    const { agent } = await signedIn();
    const missing = await agent.post('/api/feedback', { rating: 5 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.message).toEqual(['The message field is required.']);

    const longest = 'a'.repeat(4999) + 'z';
    const ok = await agent.post('/api/feedback', { message: longest });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.message).toBe(longest);

    const tooLong = await agent.post('/api/feedback', { message: `${longest}!` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.message).toEqual(['The message field must not be greater than 5000 characters.']);
    expect(await storedFeedback()).toHaveLength(1);
  });

  it('trims the message', async () => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/feedback', { message: '  Spaces around.  \n' });
    expect(res.json().data.message).toBe('Spaces around.');
  });

  it('refuses the eleventh message within an hour with 429 and Retry-After', async () => {
    const { agent } = await signedIn();
    for (let i = 1; i <= 10; i++) expect((await agent.post('/api/feedback', { message: `Note ${i}` })).statusCode).toBe(201);
    const res = await agent.post('/api/feedback', { message: 'Note 11' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toBe('Too many attempts. Please try again later.');
    expect(await storedFeedback()).toHaveLength(10);
    // The limit is per person: someone else may still write.
    expect((await (await signedIn()).agent.post('/api/feedback', { message: 'Mine' })).statusCode).toBe(201);
  });

  it('keeps feedback, without the person, when the account is deleted', async () => {
    const { agent, password } = await signedIn();
    await agent.post('/api/feedback', { message: 'Goodbye.' });
    expect((await agent.delete('/api/user', { password })).statusCode).toBe(204);
    expect(await storedFeedback()).toEqual([expect.objectContaining({ message: 'Goodbye.', userId: null })]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/analytics/events', () => {
  it('stores a batch of the product analytics events for a signed-in person, with their user id', async () => {
    const { agent, userId } = await signedIn();
    const res = await agent.post('/api/analytics/events', { events: seedBatch() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 5 } });
    const rows = await storedEvents();
    expect(rows.map((r) => [r.userId, r.name])).toEqual(seedBatch().map((e) => [userId, e.name]));
    expect(rows[2]).toMatchObject({ properties: { term: 'asthma', results: 12, mesh_mapped: true }, page: '/search?q=asthma' });
    expect(rows[4]).toMatchObject({ properties: { ui: 'D001249' }, page: null });
  });

  it('accepts every event name the client knows', async () => {
    const agent = await guest();
    const res = await agent.post('/api/analytics/events', { events: ANALYTICS_EVENTS.map((name) => ({ name })) });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.accepted).toBe(ANALYTICS_EVENTS.length);
    expect((await storedEvents()).map((r) => r.name).sort()).toEqual([...ANALYTICS_EVENTS].sort());
  });

  it('accepts a guest with a session, storing the events without a user', async () => {
    const agent = await guest();
    const res = await agent.post('/api/analytics/events', {
      events: [{ name: 'page_view', page: '/sign-in' }, { name: 'user_signed_out' }],
    });
    expect(res.statusCode).toBe(202);
    expect((await storedEvents()).map((r) => [r.userId, r.name])).toEqual([
      [null, 'page_view'],
      [null, 'user_signed_out'],
    ]);
  });

  it('refuses a guest without a session or CSRF token (419) and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/events', payload: { events: [{ name: 'page_view' }] } });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBe('CSRF token mismatch.');
    expect(await storedEvents()).toEqual([]);
  });

  it('accepts the CSRF token as `_token` in the body (sendBeacon cannot set headers)', async () => {
    const { agent, userId } = await signedIn();
    agent.sendXsrf = false;
    const withoutToken = await agent.post('/api/analytics/events', { events: [{ name: 'page_view' }] });
    expect(withoutToken.statusCode).toBe(419);

    const beacon = await agent.post('/api/analytics/events', {
      events: [{ name: 'user_signed_out', page: '/user' }],
      _token: decodeURIComponent(agent.cookies.get('XSRF-TOKEN')!),
    });
    expect(beacon.statusCode).toBe(202);
    expect(await storedEvents()).toEqual([expect.objectContaining({ userId, name: 'user_signed_out', page: '/user' })]);
  });

  it('accepts `_token` from a guest beacon sent as a form', async () => {
    const agent = await guest();
    agent.sendXsrf = false;
    const token = encodeURIComponent(decodeURIComponent(agent.cookies.get('XSRF-TOKEN')!));
    const res = await agent.request(
      'POST',
      '/api/analytics/events',
      `events[0][name]=page_view&events[0][page]=%2Fabout-app&_token=${token}`,
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(await storedEvents()).toEqual([expect.objectContaining({ userId: null, name: 'page_view', page: '/about-app' })]);
  });

  it('refuses a wrong `_token` with 419', async () => {
    const agent = await guest();
    agent.sendXsrf = false;
    const res = await agent.post('/api/analytics/events', { events: [{ name: 'page_view' }], _token: 'forged' });
    expect(res.statusCode).toBe(419);
    expect(await storedEvents()).toEqual([]);
  });

  it('answers an unknown event name with 422 naming the field, and stores none of the batch', async () => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/analytics/events', { events: [...seedBatch(), { name: 'article_printed' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'events.5.name': ['The selected name is invalid.'] });
    expect(res.json().message).toBe('The selected name is invalid.');
    expect(await storedEvents()).toEqual([]);
  });

  it(`takes ${MAX_EVENTS_PER_BATCH} events in a batch and refuses ${MAX_EVENTS_PER_BATCH + 1} with 422`, async () => {
    const agent = await guest();
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ name: 'page_view', page: `/page/${i}` }));
    const tooMany = await agent.post('/api/analytics/events', { events: batch(MAX_EVENTS_PER_BATCH + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.events).toEqual([`The events field must not have more than ${MAX_EVENTS_PER_BATCH} items.`]);
    expect(await storedEvents()).toEqual([]);

    const full = await agent.post('/api/analytics/events', { events: batch(MAX_EVENTS_PER_BATCH) });
    expect(full.statusCode).toBe(202);
    expect(full.json().data.accepted).toBe(MAX_EVENTS_PER_BATCH);
    expect(await t.db.$count(analyticsEvents)).toBe(MAX_EVENTS_PER_BATCH);
  });

  it('refuses an empty batch', async () => {
    const agent = await guest();
    const res = await agent.post('/api/analytics/events', { events: [] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['events']);
  });

  it('keeps a recent occurred_at and clamps one far off to the time of arrival', async () => {
    const agent = await guest();
    const recent = new Date(Date.now() - 10 * 60_000).toISOString();
    const before = Date.now();
    const res = await agent.post('/api/analytics/events', {
      events: [
        { name: 'page_view', page: '/recent', occurred_at: recent },
        { name: 'page_view', page: '/past', occurred_at: '2001-09-09T01:46:40Z' },
        { name: 'page_view', page: '/future', occurred_at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
        { name: 'page_view', page: '/offset', occurred_at: new Date(Date.now() - 5 * 60_000).toISOString().replace('Z', '+00:00') },
        { name: 'page_view', page: '/none' },
      ],
    });
    expect(res.statusCode).toBe(202);
    const after = Date.now();
    const at = Object.fromEntries((await storedEvents()).map((r) => [r.page, r.occurredAt.getTime()]));
    expect(at['/recent']).toBe(Date.parse(recent));
    for (const page of ['/past', '/future', '/none']) {
      expect(at[page], page).toBeGreaterThanOrEqual(before - 1_000);
      expect(at[page], page).toBeLessThanOrEqual(after + 1_000);
    }
    expect(at['/offset']).toBeLessThan(before - 4 * 60_000);
  });

  it('keeps the events, without the person, when the account is deleted', async () => {
    const { agent, password } = await signedIn();
    await agent.post('/api/analytics/events', { events: [{ name: 'user_signed_in' }] });
    expect((await agent.delete('/api/user', { password })).statusCode).toBe(204);
    expect(await storedEvents()).toEqual([expect.objectContaining({ name: 'user_signed_in', userId: null })]);
  });
});
