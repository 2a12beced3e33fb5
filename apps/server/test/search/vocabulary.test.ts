import { sql, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { articlesRepository } from '../../src/plugins/app/corpus/articles-repository';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { signedIn } from '../community/people';
import { DESCRIPTORS, insertArticles, insertDescriptors } from './corpus';

/**
 * The vocabulary tables (terms, words, tree numbers) behind mapping, suggestions and "did you mean"
 * follow every descriptor upsert at once, in the running server, without a restart.
 */
const t = useTestApp();

let agent: Agent;
beforeEach(async () => {
  ({ agent } = await signedIn(t));
  await insertDescriptors(t);
});

const asthma = DESCRIPTORS.find((d) => d.ui === 'D001249')!;
const upsertAsthma = (entryTerms: string[]) => articlesRepository.upsertDescriptors(t.db, [{ ...asthma, entryTerms, scopeNote: '' }]);
const get = async (path: string) => {
  const res = await agent.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const suggestions = async (q: string) =>
  (await get(`/api/search/suggest?q=${encodeURIComponent(q)}`)).data.map((s: { text: string }) => s.text);

describe('the vocabulary follows descriptor changes', () => {
  it('maps, suggests and corrects through an entry term as soon as it is added, and forgets it once removed', async () => {
    await insertArticles(t, [{ title: 'Breathing exercises', mesh: [{ ui: 'D001249', major: true }] }]);
    // Searched once before the change, so a cached mapping or correction would show up as a stale answer.
    expect((await get('/api/search?q=wheezing%20disease')).meta.mapping).toEqual([]);
    expect((await get('/api/search?q=wheezng')).meta.correction).toBeNull();

    await upsertAsthma(['Asthmas', 'Bronchial Asthma', 'Wheezing Disease']);
    const mapped = await get('/api/search?q=wheezing%20disease');
    expect(mapped.meta.mapping).toEqual([{ ui: 'D001249', name: 'Asthma', matched: 'wheezing disease' }]);
    expect(mapped.data.map((hit: { title: string }) => hit.title)).toEqual(['Breathing exercises']);
    expect(await suggestions('whee')).toEqual(['Wheezing Disease']);
    // A sure correction that finds the article is applied at once.
    expect((await get('/api/search?q=wheezng')).meta.correction).toEqual({ typed: 'wheezng', searched: 'wheezing' });

    await upsertAsthma(['Asthmas', 'Bronchial Asthma']);
    expect((await get('/api/search?q=wheezing%20disease')).meta.mapping).toEqual([]);
    expect(await suggestions('whee')).toEqual([]);
    // The words' totals follow both changes: the same as counting the words afresh.
    const totals = async (query: SQL) => ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await totals(sql`SELECT word, uses, lay FROM mesh_word_uses ORDER BY word`)).toEqual(
      await totals(sql`SELECT word, count(*)::int AS uses, bool_or(lay) AS lay FROM mesh_words GROUP BY word ORDER BY word`),
    );
    expect(await totals(sql`SELECT word FROM mesh_word_uses WHERE word IN ('wheezing', 'disease')`)).toEqual([]);
  });

  it('expands to a narrower descriptor added later, and no longer once it moves elsewhere in the tree', async () => {
    const narrower = { ui: 'D000001', name: 'Exercise-Induced Asthma', treeNumbers: ['C08.127.108.500'], entryTerms: [], scopeNote: '' };
    await articlesRepository.upsertDescriptors(t.db, [narrower]);
    await insertArticles(t, [{ title: 'Warming up before sport', mesh: [{ ui: 'D000001' }] }]);
    expect((await get('/api/search?q=bronchial%20asthma')).data.map((hit: { title: string }) => hit.title)).toEqual([
      'Warming up before sport',
    ]);
    await articlesRepository.upsertDescriptors(t.db, [{ ...narrower, treeNumbers: ['C08.999'] }]);
    expect((await get('/api/search?q=bronchial%20asthma')).meta.total).toBe(0);
  });
});

describe('suggestions at any length', () => {
  it('offers terms that start with one or two letters, most useful first, and never inverted entry terms', async () => {
    // Descriptor names before entry terms, shorter before longer.
    expect(await suggestions('h')).toEqual(['Heart', 'Hearts', 'Heart Attack', 'Heart Attacks']);
    expect(await suggestions('my')).toEqual(['Myocardial Ischemia', 'Myocardial Infarction', 'Myocardial Infarct']);
    // From three letters, a later word may match too ("Infarction, Myocardial" itself is left out).
    expect((await suggestions('infarction')).slice(0, 3)).toEqual([
      'Myocardial Infarction',
      'Anterior Wall Myocardial Infarction',
      'Anterior Myocardial Infarction',
    ]);
  });
});
