import { describe, expect, it } from 'vitest';
import { statementCounter } from '../../src/db/client';
import { collectionItems } from '../../src/db/schema/index';
import { signedIn } from '../community/people';
import { useTestApp } from '../support/test-app';
import { added, created, filled, shown, someArticles, titles } from './support';

const t = useTestApp();

const positions = (c: { items: { position: number }[] }) => c.items.map((i) => i.position);

describe('adding articles', () => {
  it('appends with the article summary, an optional note and the next position', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const [first, second] = await someArticles(t, 2);
    const res = await agent.post(`/api/collections/${c.id}/items`, { article_id: first, note: 'Ask Dr Lee about this' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
      article: {
        id: first,
        source: 'pubmed',
        external_id: expect.any(String),
        title: 'Article number 1',
        authors: ['Smith JA', 'Nguyen T'],
        journal: 'The Lancet',
        published_at: '2021-03-04',
        url: 'https://pubmed.ncbi.nlm.nih.gov/1/',
        publication_types: ['Journal Article'],
      },
      note: 'Ask Dr Lee about this',
      position: 0,
      added_at: expect.any(String),
    });
    const blankNote = await agent.post(`/api/collections/${c.id}/items`, { article_id: second, note: '   ' });
    expect(blankNote.json().data).toMatchObject({ note: null, position: 1 });
    const after = await shown(agent, c.id);
    expect(after.items_count).toBe(2);
    expect(after.updated_at > c.updated_at).toBe(true);
  });

  it('refuses an article that is already there (422, nothing written) and unknown or malformed article ids', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const [articleId] = await someArticles(t, 1);
    await added(agent, c.id, [articleId!]);
    const twice = await agent.post(`/api/collections/${c.id}/items`, { article_id: articleId, note: 'again' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({
      message: 'This article is already in the collection.',
      errors: { article_id: ['This article is already in the collection.'] },
    });
    const unknown = await agent.post(`/api/collections/${c.id}/items`, { article_id: crypto.randomUUID() });
    expect(unknown.json().errors).toEqual({ article_id: ['The selected article id is invalid.'] });
    const malformed = await agent.post(`/api/collections/${c.id}/items`, { article_id: 'nope' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('article_id');
    expect((await shown(agent, c.id)).items).toHaveLength(1);
  });

  it('takes notes up to 10,000 characters and refuses longer ones, on add and on edit', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const [a, b] = await someArticles(t, 2);
    const tooLong = await agent.post(`/api/collections/${c.id}/items`, { article_id: a, note: 'x'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ note: ['The note field must not be greater than 10000 characters.'] });
    expect((await shown(agent, c.id)).items).toHaveLength(0);

    const longest = await agent.post(`/api/collections/${c.id}/items`, { article_id: a, note: 'x'.repeat(10_000) });
    expect(longest.statusCode).toBe(201);
    const [itemId] = await added(agent, c.id, [b!]);
    const edit = await agent.patch(`/api/collections/${c.id}/items/${itemId}`, { note: 'ü'.repeat(10_001) });
    expect(edit.statusCode).toBe(422);
    const ok = await agent.patch(`/api/collections/${c.id}/items/${itemId}`, { note: 'Good summary of the trial.\nRead twice.' });
    expect(ok.json().data).toMatchObject({ note: 'Good summary of the trial.\nRead twice.', position: 1 });
    const cleared = await agent.patch(`/api/collections/${c.id}/items/${itemId}`, { note: '' });
    expect(cleared.json().data.note).toBeNull();
  });
});

describe('order', () => {
  it('moves an item up or down and shifts the others, positions staying 0..n-1', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const items = await added(agent, c.id, await someArticles(t, 5));

    const up = await agent.patch(`/api/collections/${c.id}/items/${items[3]}`, { position: 1 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.position).toBe(1);
    let now = await shown(agent, c.id);
    expect(titles(now)).toEqual(['Article number 1', 'Article number 4', 'Article number 2', 'Article number 3', 'Article number 5']);
    expect(positions(now)).toEqual([0, 1, 2, 3, 4]);

    await agent.patch(`/api/collections/${c.id}/items/${items[0]}`, { position: 3 });
    now = await shown(agent, c.id);
    expect(titles(now)).toEqual(['Article number 4', 'Article number 2', 'Article number 3', 'Article number 1', 'Article number 5']);

    // Past the end means last (a drag to the bottom need not know the count).
    const last = await agent.patch(`/api/collections/${c.id}/items/${items[1]}`, { position: 999 });
    expect(last.json().data.position).toBe(4);
    now = await shown(agent, c.id);
    expect(titles(now)).toEqual(['Article number 4', 'Article number 3', 'Article number 1', 'Article number 5', 'Article number 2']);
    expect(positions(now)).toEqual([0, 1, 2, 3, 4]);

    const negative = await agent.patch(`/api/collections/${c.id}/items/${items[1]}`, { position: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors).toEqual({ position: ['The position field must be at least 0.'] });
  });

  it('keeps positions whole when reorders race', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const items = await added(agent, c.id, await someArticles(t, 6));
    const moves = items.map((id, i) => agent.patch(`/api/collections/${c.id}/items/${id}`, { position: (i * 7) % 6 }));
    expect((await Promise.all(moves)).map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const now = await shown(agent, c.id);
    expect(positions(now)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(now.items.map((i) => i.id)).size).toBe(6);
  });

  it('removes an item and closes the gap; an unknown item is 404', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const items = await added(agent, c.id, await someArticles(t, 3));
    expect((await agent.delete(`/api/collections/${c.id}/items/${items[0]}`)).statusCode).toBe(204);
    const now = await shown(agent, c.id);
    expect(titles(now)).toEqual(['Article number 2', 'Article number 3']);
    expect(positions(now)).toEqual([0, 1]);
    const again = await agent.delete(`/api/collections/${c.id}/items/${items[0]}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'The item was not found.' });
    expect((await agent.patch(`/api/collections/${c.id}/items/nope`, { note: 'x' })).statusCode).toBe(404);
  });
});

describe('moving and copying between collections', () => {
  it('moves with collection_id: appended there (or at a position), its old place closed, both collections changed', async () => {
    const { agent } = await signedIn(t);
    const from = await created(agent, 'From');
    const to = await created(agent, 'To');
    const articles = await someArticles(t, 5);
    const fromItems = await added(agent, from.id, articles.slice(0, 3));
    await added(agent, to.id, articles.slice(3));

    const res = await agent.patch(`/api/collections/${from.id}/items/${fromItems[0]}`, { collection_id: to.id, note: 'Moved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: fromItems[0], position: 2, note: 'Moved' });
    expect(titles(await shown(agent, from.id))).toEqual(['Article number 2', 'Article number 3']);
    expect(positions(await shown(agent, from.id))).toEqual([0, 1]);
    expect(titles(await shown(agent, to.id))).toEqual(['Article number 4', 'Article number 5', 'Article number 1']);

    await agent.patch(`/api/collections/${from.id}/items/${fromItems[1]}`, { collection_id: to.id, position: 0 });
    const target = await shown(agent, to.id);
    expect(titles(target)).toEqual(['Article number 2', 'Article number 4', 'Article number 5', 'Article number 1']);
    expect(positions(target)).toEqual([0, 1, 2, 3]);
    // The item now lives in the target: asking for it under the old collection is a 404.
    expect((await agent.patch(`/api/collections/${from.id}/items/${fromItems[1]}`, { note: 'x' })).statusCode).toBe(404);
  });

  it('refuses to move an article the target already holds, and copies by adding the same article', async () => {
    const { agent } = await signedIn(t);
    const a = await created(agent, 'A');
    const b = await created(agent, 'B');
    const [shared] = await someArticles(t, 1);
    const [inA] = await added(agent, a.id, [shared!]);
    const copy = await agent.post(`/api/collections/${b.id}/items`, { article_id: shared, note: 'Copied' });
    expect(copy.statusCode).toBe(201);

    const move = await agent.patch(`/api/collections/${a.id}/items/${inA}`, { collection_id: b.id });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors).toEqual({ collection_id: ['This article is already in the collection.'] });
    expect(titles(await shown(agent, a.id))).toEqual(['Article number 1']);
    expect(titles(await shown(agent, b.id))).toEqual(['Article number 1']);
  });
});

describe('the 100-item limit', () => {
  it('refuses the 101st item with a sentence, by add and by move', async () => {
    const { agent } = await signedIn(t);
    const full = await created(agent, 'Full');
    const other = await created(agent, 'Other');
    const articles = await someArticles(t, 102);
    await filled(t, full.id, articles.slice(0, 100));
    const res = await agent.post(`/api/collections/${full.id}/items`, { article_id: articles[100] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'A collection holds at most 100 items.',
      errors: { article_id: ['A collection holds at most 100 items.'] },
    });
    const [itemId] = await added(agent, other.id, [articles[101]!]);
    const move = await agent.patch(`/api/collections/${other.id}/items/${itemId}`, { collection_id: full.id });
    expect(move.json().errors).toEqual({ collection_id: ['A collection holds at most 100 items.'] });
    expect((await shown(agent, full.id)).items_count).toBe(100);
    expect((await shown(agent, other.id)).items_count).toBe(1);
  });

  it('lets exactly one of two adds racing for the 100th place win', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const articles = await someArticles(t, 101);
    await filled(t, c.id, articles.slice(0, 99));
    const [one, two] = await Promise.all([
      agent.post(`/api/collections/${c.id}/items`, { article_id: articles[99] }),
      agent.post(`/api/collections/${c.id}/items`, { article_id: articles[100] }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 422]);
    const loser = one.statusCode === 422 ? one : two;
    expect(loser.json().errors).toEqual({ article_id: ['A collection holds at most 100 items.'] });
    const after = await shown(agent, c.id);
    expect(after.items_count).toBe(100);
    expect(positions(after)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('lets exactly one of ten racing adds of the same article in', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const [articleId] = await someArticles(t, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => agent.post(`/api/collections/${c.id}/items`, { article_id: articleId })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(9);
    expect(await t.db.select().from(collectionItems)).toHaveLength(1);
  });
});

describe('reading a collection', () => {
  it('costs the same number of statements with 1 item as with 100 (one join, no query per item)', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent);
    const articles = await someArticles(t, 100);
    await filled(t, c.id, articles.slice(0, 1));
    const statementsFor = async () => {
      await agent.get(`/api/collections/${c.id}`); // warms whatever the session layer caches
      const before = statementCounter.count;
      const res = await agent.get(`/api/collections/${c.id}`);
      expect(res.statusCode).toBe(200);
      return { statements: statementCounter.count - before, items: res.json().data.items.length };
    };
    const one = await statementsFor();
    await t.db.delete(collectionItems);
    await filled(t, c.id, articles);
    const hundred = await statementsFor();
    expect(one.items).toBe(1);
    expect(hundred.items).toBe(100);
    expect(hundred.statements).toBe(one.statements);
    expect(hundred.statements).toBeLessThanOrEqual(3);
  });
});
