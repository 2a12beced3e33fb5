import { describe, expect, it } from 'vitest';
import { collections } from '../../src/db/schema/index';
import { allPages, signedIn } from '../community/people';
import { givePlan } from '../discussions/support';
import { useTestApp } from '../support/test-app';
import { added, created, shown, someArticles, titles } from './support';

const t = useTestApp();

const NOT_FOUND = { message: 'The collection was not found.' };

describe('the draft', () => {
  it('is made on first demand, once per person, and the same one comes back', async () => {
    const { agent } = await signedIn(t);
    const first = await agent.get('/api/collections/draft');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
      name: 'Draft',
      description: '',
      is_draft: true,
      items_count: 0,
      share_hash: null,
      saved_from: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      items: [],
    });
    const again = await agent.get('/api/collections/draft');
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it('survives racing first visits: ten at once make exactly one draft', async () => {
    const { agent, me } = await signedIn(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => agent.get('/api/collections/draft')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const rows = await t.db.select().from(collections);
    expect(rows.filter((r) => r.userId === me.id && r.isDraft)).toHaveLength(1);
  });

  it('is saved as a named collection with its items; the next demand makes a fresh draft', async () => {
    const { agent } = await signedIn(t);
    const draft = (await agent.get('/api/collections/draft')).json().data;
    await added(agent, draft.id, await someArticles(t, 3));

    const withoutName = await agent.patch(`/api/collections/${draft.id}`, { is_draft: false });
    expect(withoutName.statusCode).toBe(422);
    expect(withoutName.json().errors).toEqual({ name: ['The name field is required.'] });

    const saved = await agent.patch(`/api/collections/${draft.id}`, { name: 'Statins', is_draft: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: draft.id, name: 'Statins', is_draft: false, items_count: 3 });
    expect(titles(saved.json().data)).toEqual(['Article number 1', 'Article number 2', 'Article number 3']);

    const fresh = (await agent.get('/api/collections/draft')).json().data;
    expect(fresh.id).not.toBe(draft.id);
    expect(fresh.items).toEqual([]);
    expect((await agent.get('/api/collections')).json().data.map((c: { id: string }) => c.id)).toEqual([draft.id]);

    const back = await agent.patch(`/api/collections/${draft.id}`, { is_draft: true });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ is_draft: ['A saved collection cannot become the draft again.'] });
  });
});

describe('collections', () => {
  it('creates, renames, describes and deletes; the index lists mine with counts, latest change first', async () => {
    const { agent } = await signedIn(t);
    const res = await agent.post('/api/collections', { name: '  Asthma in children  ', description: 'For the school nurse' });
    expect(res.statusCode, res.body).toBe(201);
    const asthma = res.json().data;
    expect(asthma).toMatchObject({ name: 'Asthma in children', description: 'For the school nurse', is_draft: false, items: [] });
    const diabetes = await created(agent, 'Diabetes');
    await agent.get('/api/collections/draft'); // the draft is not part of the index

    let index = (await agent.get('/api/collections')).json();
    expect(index.data.map((c: { name: string }) => c.name)).toEqual(['Diabetes', 'Asthma in children']);
    expect(index.meta).toEqual({ next_cursor: null, total: 2 });
    expect(index.data[0]).not.toHaveProperty('items');

    // An item added is a change: the collection moves to the top with its new count.
    await added(agent, asthma.id, await someArticles(t, 2));
    index = (await agent.get('/api/collections')).json();
    expect(index.data.map((c: { name: string; items_count: number }) => [c.name, c.items_count])).toEqual([
      ['Asthma in children', 2],
      ['Diabetes', 0],
    ]);

    const renamed = await agent.patch(`/api/collections/${diabetes.id}`, { name: 'Type 2 diabetes', description: '' });
    expect(renamed.json().data).toMatchObject({ name: 'Type 2 diabetes', description: '' });
    expect((await agent.get('/api/collections')).json().data[0].name).toBe('Type 2 diabetes');

    expect((await agent.delete(`/api/collections/${asthma.id}`)).statusCode).toBe(204);
    expect((await agent.get(`/api/collections/${asthma.id}`)).statusCode).toBe(404);
    expect((await agent.get('/api/collections')).json().meta.total).toBe(1);
  });

  it('pages the index by cursor without repeating or skipping', async () => {
    const { agent } = await signedIn(t);
    for (let i = 0; i < 23; i++) await created(agent, `Collection ${i}`);
    const pages = await allPages(agent, '/api/collections');
    expect(pages.map((p) => p.data.length)).toEqual([20, 3]);
    const names = pages.flatMap((p) => p.data.map((c) => (c as { name: string }).name));
    expect(names).toEqual(Array.from({ length: 23 }, (_, i) => `Collection ${22 - i}`));
    expect((await agent.get('/api/collections?cursor=nonsense')).statusCode).toBe(422);
  });

  it('refuses blank and overlong names with sentences', async () => {
    const { agent } = await signedIn(t);
    const blank = await agent.post('/api/collections', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ name: ['The name field is required.'] });
    const long = await agent.post('/api/collections', { name: 'x'.repeat(121) });
    expect(long.json().errors).toEqual({ name: ['The name field must not be greater than 120 characters.'] });
    expect(await t.db.select().from(collections)).toHaveLength(0);
  });
});

describe("someone else's collection", () => {
  it('is a 404 for every route, the same answer as an id that never existed, and changes nothing', async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const theirs = await created(owner.agent, 'Private notes');
    const [itemId] = await added(owner.agent, theirs.id, await someArticles(t, 1));
    const [articleId] = await someArticles(t, 1);

    for (const id of [theirs.id, 'doesNotExist', 'nul%00id', 'x'.repeat(65), '%27%3B--']) {
      const calls = [
        other.agent.get(`/api/collections/${id}`),
        other.agent.patch(`/api/collections/${id}`, { name: 'Mine now' }),
        other.agent.post(`/api/collections/${id}/items`, { article_id: articleId }),
        other.agent.patch(`/api/collections/${id}/items/${itemId}`, { note: 'hello' }),
        other.agent.delete(`/api/collections/${id}/items/${itemId}`),
        other.agent.post(`/api/collections/${id}/share`),
        other.agent.delete(`/api/collections/${id}/share`),
        other.agent.get(`/api/collections/${id}/export?format=csv`),
        other.agent.delete(`/api/collections/${id}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    const still = await shown(owner.agent, theirs.id);
    expect(still).toMatchObject({ name: 'Private notes', items_count: 1, share_hash: null });
    expect(still.items[0]!.note).toBeNull();
  });

  it('cannot be a move target: 422 on collection_id, and the item stays where it was', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const mine = await created(me.agent, 'Mine');
    const theirs = await created(other.agent, 'Theirs');
    const [itemId] = await added(me.agent, mine.id, await someArticles(t, 1));
    const res = await me.agent.patch(`/api/collections/${mine.id}/items/${itemId}`, { collection_id: theirs.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ collection_id: ['The selected collection id is invalid.'] });
    expect((await shown(me.agent, mine.id)).items_count).toBe(1);
    expect((await shown(other.agent, theirs.id)).items_count).toBe(0);
  });
});

describe('who may keep collections', () => {
  it('needs the read ability: a reader may keep and change them, a lapsed account gets 403, a guest 401', async () => {
    const reader = await signedIn(t);
    await givePlan(t, reader.me.id, 'reader');
    const res = await reader.agent.post('/api/collections', { name: 'Reading list' });
    expect(res.statusCode, res.body).toBe(201);
    const [articleId] = await someArticles(t, 1);
    expect((await reader.agent.post(`/api/collections/${res.json().data.id}/items`, { article_id: articleId })).statusCode).toBe(201);

    const lapsed = await signedIn(t);
    await givePlan(t, lapsed.me.id, 'none');
    const refused = await lapsed.agent.get('/api/collections');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ required_plan: expect.any(String) });
    expect((await lapsed.agent.post('/api/collections', { name: 'x' })).statusCode).toBe(403);
    expect((await lapsed.agent.get('/api/collections/draft')).statusCode).toBe(403);

    const guest = t.agent();
    expect((await guest.get('/api/collections')).statusCode).toBe(401);
    expect((await guest.get('/api/collections/draft')).statusCode).toBe(401);
    expect((await guest.get(`/api/collections/${res.json().data.id}`)).statusCode).toBe(401);
  });
});
