import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { countingStatements } from '../support/statements';
import { useTestApp } from '../support/test-app';
import { signedIn } from '../community/people';
import { searchRepository } from '../../src/plugins/app/search/search-repository';
import { insertArticles, insertDescriptors } from './corpus';

const t = useTestApp();

let agent: Agent;
beforeEach(async () => {
  ({ agent } = await signedIn(t));
  await insertDescriptors(t);
});

const search = async (params: Record<string, string>) => {
  const res = await agent.get(`/api/search?${new URLSearchParams(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titles = (body: { data: { title: string }[] }) => body.data.map((hit) => hit.title);

describe('automatic term mapping', () => {
  it('maps "heart attack" to Myocardial Infarction and finds articles tagged with it or anything narrower', async () => {
    await insertArticles(t, [
      {
        title: 'Recognising the warning signs early',
        summary: 'Chest pain that spreads to the arm.',
        mesh: [{ ui: 'D009203', major: true }],
      },
      { title: 'Rehabilitation after an anterior infarct', summary: 'Walking programmes.', mesh: [{ ui: 'D056988' }] },
      { title: 'How the heart pumps', summary: 'Four chambers.', mesh: [{ ui: 'D006321', major: true }] },
      { title: 'Living with asthma', mesh: [{ ui: 'D001249' }] },
    ]);
    const body = await search({ q: 'heart attack' });
    // "Heart Attack" is both a MeSH entry term and in the lay vocabulary: the search details say it is the everyday name.
    expect(body.meta.mapping).toEqual([
      { ui: 'D009203', name: 'Myocardial Infarction', matched: 'heart attack', lay: { term: 'Heart Attack', kind: 'lay' } },
    ]);
    expect(titles(body)).toEqual(['Recognising the warning signs early', 'Rehabilitation after an anterior infarct']);
    expect(body.meta.total).toBe(2);
    expect(body.data[0].mesh_terms).toEqual([{ ui: 'D009203', name: 'Myocardial Infarction', major: true }]);
  });

  it('maps each part of a longer query and requires every concept', async () => {
    await insertArticles(t, [
      { title: 'Aspirin after a heart attack', mesh: [{ ui: 'D009203' }, { ui: 'D001241' }] },
      { title: 'Acetylsalicylic acid for pain', mesh: [{ ui: 'D001241' }] },
      { title: 'Long-term care', mesh: [{ ui: 'D056988' }, { ui: 'D001241', major: true }] },
    ]);
    const body = await search({ q: 'Heart Attack aspirin' });
    expect(body.meta.mapping.map((m: { ui: string }) => m.ui)).toEqual(['D009203', 'D001241']);
    expect(titles(body).sort()).toEqual(['Aspirin after a heart attack', 'Long-term care']);
    // websearch syntax holds for MeSH hits too: `or` makes concepts alternatives, `-word` excludes.
    expect((await search({ q: 'heart attack or aspirin' })).meta.total).toBe(3);
    expect(titles(await search({ q: 'heart attack -care' }))).toEqual(['Aspirin after a heart attack']);
    expect(titles(await search({ q: 'heart attack -aspirin' }))).toEqual([]);
  });

  it('leaves to the full text the descriptors whose own words match the query, since it finds their articles anyway', async () => {
    expect(await searchRepository.descriptorsFoundByText(t.db, ['D009203', 'D056988'], 'heart attack')).toEqual(new Set(['D009203']));
    expect(await searchRepository.descriptorsFoundByText(t.db, ['D009203', 'D056988'], 'myocardial infarction')).toEqual(
      new Set(['D009203', 'D056988']),
    );
    expect(await searchRepository.descriptorsFoundByText(t.db, ['D009203'], 'heart attack -aspirin')).toEqual(new Set(['D009203']));
    expect(await searchRepository.descriptorsFoundByText(t.db, ['D009203'], 'heart attack aspirin')).toEqual(new Set());
  });

  it('maps nothing for words outside the vocabulary and still searches the text', async () => {
    await insertArticles(t, [{ title: 'Sunscreen and skin', summary: 'Apply it often.' }]);
    const body = await search({ q: 'sunscreen' });
    expect(body.meta.mapping).toEqual([]);
    expect(titles(body)).toEqual(['Sunscreen and skin']);
  });
});

describe('ranking and snippets', () => {
  it('ranks a title match above a MeSH match above a summary match', async () => {
    await insertArticles(t, [
      { title: 'Inhaler technique', summary: 'Good technique matters for asthma control.' },
      { title: 'Breathing trouble at night', summary: 'Night-time cough is common.', mesh: [{ ui: 'D001249' }] },
      { title: 'Asthma action plans', summary: 'A written plan helps.' },
    ]);
    expect(titles(await search({ q: 'asthma' }))).toEqual(['Asthma action plans', 'Breathing trouble at night', 'Inhaler technique']);
  });

  it('marks the matched words between « and » in a plain-text snippet; the text’s own « » become quotes, tags are dropped', async () => {
    await insertArticles(t, [{ title: 'Moving more', summary: 'Regular exercise helps. Some call it «the best medicine» <b>really</b>.' }]);
    const [hit] = (await search({ q: 'exercise' })).data;
    expect(hit.snippet).toContain('«exercise»');
    expect(hit.snippet).toContain('"the best medicine"');
    expect(hit.snippet).toMatch(/medicine" +really/);
  });
});

describe('filters, facets and pages', () => {
  beforeEach(async () => {
    await insertArticles(t, [
      { title: 'Vitamin D basics', source: 'curated', publishedAt: '2020-01-10', publicationTypes: ['Review'] },
      { title: 'Vitamin D trial', source: 'pubmed', publishedAt: '2022-06-01', publicationTypes: ['Randomized Controlled Trial'] },
      { title: 'Vitamin D in winter', source: 'pubmed', publishedAt: '2024-02-01', publicationTypes: ['Review', 'Journal Article'] },
      { title: 'Vitamin D for bones', source: 'medlineplus', publishedAt: '2023-03-03' },
    ]);
  });

  it('counts every source and publication type of the query', async () => {
    const body = await search({ q: 'vitamin' });
    expect(body.meta.total).toBe(4);
    expect(body.meta.facets).toEqual({
      source: [
        { value: 'pubmed', count: 2 },
        { value: 'curated', count: 1 },
        { value: 'medlineplus', count: 1 },
      ],
      publication_type: [
        { value: 'Review', count: 2 },
        { value: 'Journal Article', count: 1 },
        { value: 'Randomized Controlled Trial', count: 1 },
      ],
    });
  });

  it('filters by source, publication type and date range; a facet keeps counting the other values of its own filter', async () => {
    const bySource = await search({ q: 'vitamin', source: 'pubmed' });
    expect(titles(bySource).sort()).toEqual(['Vitamin D in winter', 'Vitamin D trial']);
    expect(bySource.meta.facets.source).toHaveLength(3);
    expect(bySource.meta.facets.publication_type).toEqual([
      { value: 'Journal Article', count: 1 },
      { value: 'Randomized Controlled Trial', count: 1 },
      { value: 'Review', count: 1 },
    ]);
    expect(titles(await search({ q: 'vitamin', publication_type: 'Review' })).sort()).toEqual(['Vitamin D basics', 'Vitamin D in winter']);
    expect(titles(await search({ q: 'vitamin', from: '2022-01-01', to: '2023-12-31' })).sort()).toEqual([
      'Vitamin D for bones',
      'Vitamin D trial',
    ]);
  });

  it('refuses a range that ends before it starts, and unknown sources, with a sentence', async () => {
    const range = await agent.get('/api/search?q=vitamin&from=2024-01-01&to=2023-01-01');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors.to).toEqual(['The end date must be on or after the start date.']);
    expect((await agent.get('/api/search?q=vitamin&source=blog')).statusCode).toBe(422);
  });
});

describe('pagination', () => {
  it('walks 45 hits in pages of 20 with no repeats, even where ranks tie', async () => {
    await insertArticles(
      t,
      Array.from({ length: 45 }, (_, i) => ({ title: `Sleep note ${i}`, summary: i % 3 === 0 ? 'More sleep, better sleep.' : 'Rest.' })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const body = await search(cursor ? { q: 'sleep', cursor } : { q: 'sleep' });
      expect(body.meta.total).toBe(45);
      sizes.push(body.data.length);
      seen.push(...body.data.map((hit: { id: string }) => hit.id));
      cursor = body.meta.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
  });

  it('refuses a cursor it did not hand out (422)', async () => {
    const res = await agent.get('/api/search?q=sleep&cursor=bm9wZQ');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cursor).toEqual(['The cursor is invalid.']);
  });
});

describe('typos and suggestions', () => {
  it('corrects a misspelt query at once when sure, says so in meta.correction and the mapping, and searches the typo when asked', async () => {
    await insertArticles(t, [{ title: 'After a heart attack', mesh: [{ ui: 'D009203' }] }]);
    const body = await search({ q: 'myocardail' });
    expect(body.meta.correction).toEqual({ typed: 'myocardail', searched: 'myocardial' });
    expect(titles(body)).toEqual(['After a heart attack']);
    expect(body.meta.did_you_mean).toBeNull();

    const phrase = await search({ q: 'Myocardail infarction' });
    expect(phrase.meta.correction).toEqual({ typed: 'Myocardail infarction', searched: 'myocardial infarction' });
    expect(phrase.meta.mapping).toEqual([
      { ui: 'D009203', name: 'Myocardial Infarction', matched: 'myocardial infarction', corrected_from: 'myocardail infarction' },
    ]);
    // Two misspelt words are corrected as the phrase they nearly are, not word by word.
    expect((await search({ q: 'hart atack' })).meta.correction).toEqual({ typed: 'hart atack', searched: 'heart attack' });

    // "Search instead for myocardail": the words as typed, no correction.
    const verbatim = await search({ q: 'myocardail', verbatim: 'true' });
    expect(verbatim.meta.correction).toBeNull();
    expect(verbatim.data).toEqual([]);
  });

  it('keeps the correction on the next pages: the same words searched, no hit twice', async () => {
    await insertArticles(
      t,
      Array.from({ length: 25 }, (_, i) => ({ title: `Recovery after a heart attack, week ${i + 1}`, mesh: [{ ui: 'D009203' }] })),
    );
    const first = await search({ q: 'myocardail' });
    expect([first.data.length, first.meta.total]).toEqual([20, 25]);
    const second = await countingStatements(() => search({ q: 'myocardail', cursor: first.meta.next_cursor }));
    expect(second.result.meta.correction).toEqual({ typed: 'myocardail', searched: 'myocardial' });
    expect([second.result.data.length, second.result.meta.total, second.result.meta.next_cursor]).toEqual([5, 25, null]);
    expect(new Set([...first.data, ...second.result.data].map((hit: { id: string }) => hit.id)).size).toBe(25);
    // The correction is remembered: the next page costs what it costs for the words typed right.
    const typedRight = await search({ q: 'myocardial' });
    const secondTypedRight = await countingStatements(() => search({ q: 'myocardial', cursor: typedRight.meta.next_cursor }));
    expect(second.statements).toBe(secondTypedRight.statements);
  });

  it('offers "did you mean" instead when unsure: a short word, or a correction that finds no more', async () => {
    await insertArticles(t, [{ title: 'After a heart attack', mesh: [{ ui: 'D009203' }] }]);
    // Four letters or fewer: "hart" is one letter from "heart" but also from other words, so it is asked, not applied.
    const short = await search({ q: 'hart' });
    expect(short.meta.correction).toBeNull();
    expect(short.meta.did_you_mean).toBe('heart');
    // "astma" is surely "asthma", but nothing is tagged with it here: offered, not applied.
    const nothingMore = await search({ q: 'astma' });
    expect(nothingMore.meta.correction).toBeNull();
    expect(nothingMore.meta.did_you_mean).toBe('asthma');
    const known = await search({ q: 'heart attack' });
    expect([known.meta.correction, known.meta.did_you_mean]).toEqual([null, null]);
  });

  it('suggests names and entry terms by prefix, then look-alikes, at most 8', async () => {
    const res = await agent.get('/api/search/suggest?q=heart');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.length).toBeLessThanOrEqual(8);
    expect(data.map((s: { text: string }) => s.text)).toEqual(['Heart', 'Heart Attack', 'Heart Attacks', 'Hearts']);
    expect(data[1]).toEqual({ text: 'Heart Attack', ui: 'D009203', name: 'Myocardial Infarction' });
    const typo = (await agent.get('/api/search/suggest?q=asthmaa')).json().data;
    expect(typo[0]).toEqual({ text: 'Asthma', ui: 'D001249', name: 'Asthma' });
    expect((await agent.get('/api/search/suggest?q=%20')).json()).toEqual({ data: [] });
    expect((await agent.get('/api/search/suggest?q=%25_%5C')).statusCode).toBe(200);
  });
});

describe('bad input never breaks search', () => {
  const queries = [
    '',
    '   ',
    "'",
    '&',
    '!',
    ':*',
    '"unbalanced',
    'heart" attack"',
    "x' OR 1=1 --",
    '((( )',
    '-',
    'or',
    'the',
    'a'.repeat(2000),
    '«»',
  ];
  it.each(queries.map((q) => [JSON.stringify(q).slice(0, 30), q]))('answers 200 for %s', async (_label, q) => {
    await insertArticles(t, [{ title: 'Asthma basics', mesh: [{ ui: 'D001249' }] }]);
    const body = await search({ q });
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('answers a query holding a NUL character with 422 naming q (no text of ours contains one)', async () => {
    const res = await agent.get(`/api/search?q=${encodeURIComponent('\u0000asthma')}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ q: ['The q field must not contain NUL characters.'] });
  });

  it('answers an empty list, with nothing mapped, for an empty or blank query', async () => {
    await insertArticles(t, [{ title: 'Asthma basics' }]);
    for (const q of ['', '   ']) {
      expect(await search({ q })).toEqual({
        data: [],
        meta: {
          next_cursor: null,
          total: 0,
          total_estimated: false,
          facets_estimated: false,
          mapping: [],
          correction: null,
          did_you_mean: null,
          facets: { source: [], publication_type: [] },
        },
      });
    }
  });

  it('refuses a query over 2,000 characters with a sentence (422)', async () => {
    const res = await agent.get(`/api/search?q=${'a'.repeat(2001)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/q .*2000 characters/);
  });
});

describe('articles and descriptors', () => {
  it('shows an article with its MeSH terms, major topics first', async () => {
    const [id] = await insertArticles(t, [
      {
        title: 'Aspirin after a heart attack',
        summary: 'Why a daily low dose helps.',
        mesh: [{ ui: 'D001241' }, { ui: 'D009203', major: true }],
      },
    ]);
    const res = await agent.get(`/api/articles/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      title: 'Aspirin after a heart attack',
      summary: 'Why a daily low dose helps.',
      mesh_terms: [
        { ui: 'D009203', name: 'Myocardial Infarction', major: true },
        { ui: 'D001241', name: 'Aspirin', major: false },
      ],
    });
  });

  it('shows a descriptor with its entry terms and its direct broader and narrower descriptors', async () => {
    const res = await agent.get('/api/mesh/D009203');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ui: 'D009203',
      name: 'Myocardial Infarction',
      tree_numbers: ['C14.280.647.500', 'C14.907.585.500'],
      scope_note: 'Death of part of the heart muscle when its blood supply is blocked.',
      entry_terms: ['Heart Attack', 'Heart Attacks', 'Infarction, Myocardial', 'Myocardial Infarct'],
      broader: [{ ui: 'D017202', name: 'Myocardial Ischemia' }],
      narrower: [{ ui: 'D056988', name: 'Anterior Wall Myocardial Infarction' }],
    });
  });

  it('answers 404 with a sentence for unknown articles and descriptors', async () => {
    for (const [url, message] of [
      [`/api/articles/${randomUUID()}`, 'The article was not found.'],
      ['/api/articles/not-a-uuid', 'The article was not found.'],
      ['/api/mesh/D000000', 'The MeSH descriptor was not found.'],
    ]) {
      const res = await agent.get(url!);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message });
    }
  });
});

describe('guests', () => {
  it('must sign in (401) for search, suggestions, articles and descriptors', async () => {
    const guest = t.agent();
    for (const url of ['/api/search?q=asthma', '/api/search/suggest?q=ast', `/api/articles/${randomUUID()}`, '/api/mesh/D001249']) {
      expect((await guest.get(url)).statusCode, url).toBe(401);
    }
  });
});
