import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from '../../src/plugins/app/search/ranking';
import { SearchService } from '../../src/plugins/app/search/search-service';
import { useTestApp } from '../support/test-app';
import { insertArticles, searchAsSignedIn, type ArticleFixture } from './corpus';

// A small budget makes these corpora "broad": counts come from a sample, pages never do.
const t = useTestApp({ env: { SEARCH_HIT_BUDGET: 40 } });

const { search } = searchAsSignedIn(t);
const titles = (body: { data: { title: string }[] }) => body.data.map((hit) => hit.title);
const ids = (body: { data: { id: string }[] }) => body.data.map((hit) => hit.id);

const SOURCES = ['pubmed', 'pubmed', 'pubmed', 'medlineplus', 'curated'] as const;
const TYPES = ['Journal Article', 'Clinical Trial', 'Review', 'Practice Guideline', 'Patient Education Handout'];

/** Articles on asthma in every mix of title, source, publication type, tags and age, spread over every sample bucket. */
function mixedCorpus(size: number): ArticleFixture[] {
  return Array.from({ length: size }, (_, n) => ({
    id: `${n.toString(16).padStart(8, '0')}-0000-4000-8000-0000000000${(n % 256).toString(16).padStart(2, '0')}`,
    title: n % 3 === 0 ? `Asthma in practice, note ${n}` : `Airways and breathing, note ${n}`,
    summary: n % 7 === 0 ? 'Asthma, asthma control and asthma plans.' : 'How asthma is managed day to day.',
    source: SOURCES[n % SOURCES.length],
    publicationTypes: [TYPES[(n >> 1) % TYPES.length]!],
    publishedAt: `${1990 + (n % 36)}-06-01`,
    mesh: n % 4 === 0 ? [{ ui: 'D001249', major: n % 8 === 0 }] : [],
  }));
}

describe('exact pages', () => {
  it('pages through the same order as ranking every hit at once, where the title settles the page, where it cannot, and with a filter', async () => {
    await insertArticles(t, mixedCorpus(600));
    const exhaustive = new SearchService(t.db, 40, DEFAULT_RANKING, true);
    const cases: { q: string; source?: 'pubmed' }[] = [
      { q: 'asthma' },
      { q: 'bronchial asthma' },
      { q: 'asthma plans' },
      { q: 'asthma', source: 'pubmed' },
    ];
    for (const params of cases) {
      const first = await search(params as Record<string, string>);
      const reference = await exhaustive.search(params);
      expect(ids(first), params.q).toEqual(reference.data.map((hit) => hit.id));
      expect(first.data).toHaveLength(20);
      const second = await search({ ...params, cursor: first.meta.next_cursor });
      const referenceSecond = await exhaustive.search({ ...params, cursor: reference.meta.next_cursor! });
      expect(ids(second)).toEqual(referenceSecond.data.map((hit) => hit.id));
    }
  });
});

describe('Best Match', () => {
  it('puts a plain-language page before a single study that says more about it, for a lay query', async () => {
    await insertArticles(t, [
      {
        title: 'Heart attack: the warning signs',
        source: 'medlineplus',
        publicationTypes: ['Patient Education Handout'],
        publishedAt: '2015-01-01',
      },
      {
        title: 'Heart attack outcomes in a regional cohort',
        summary: 'Heart attack mortality after a heart attack.',
        source: 'pubmed',
        publicationTypes: ['Journal Article'],
        publishedAt: '2015-01-01',
      },
    ]);
    expect(titles(await search({ q: 'heart attack' }))[0]).toBe('Heart attack: the warning signs');
  });

  it('ranks a major-topic match above a passing mention', async () => {
    await insertArticles(t, [
      { title: 'Inhaled steroids', summary: 'Asthma is one use among many.', mesh: [{ ui: 'D001249' }] },
      { title: 'Inhaled steroids in practice', summary: 'Asthma is one use among many.', mesh: [{ ui: 'D001249', major: true }] },
    ]);
    expect(titles(await search({ q: 'asthma' }))).toEqual(['Inhaled steroids in practice', 'Inhaled steroids']);
  });

  it('ranks a title match above the same words in the summary', async () => {
    await insertArticles(t, [
      { title: 'Breathing well', summary: 'Asthma action plans for asthma.' },
      { title: 'Asthma action plans', summary: 'A written plan helps.' },
    ]);
    expect(titles(await search({ q: 'asthma' }))).toEqual(['Asthma action plans', 'Breathing well']);
  });

  it('puts guidelines and reviews before single studies, and a recent article before an old one', async () => {
    await insertArticles(t, [
      { title: 'Asthma care: a trial', publicationTypes: ['Randomized Controlled Trial'], publishedAt: '2020-01-01' },
      { title: 'Asthma care: a review', publicationTypes: ['Review'], publishedAt: '2020-01-01' },
      { title: 'Asthma care: a guideline', publicationTypes: ['Practice Guideline'], publishedAt: '2020-01-01' },
      { title: 'Asthma care: an old trial', publicationTypes: ['Randomized Controlled Trial'], publishedAt: '1990-01-01' },
    ]);
    expect(titles(await search({ q: 'asthma' }))).toEqual([
      'Asthma care: a guideline',
      'Asthma care: a review',
      'Asthma care: a trial',
      'Asthma care: an old trial',
    ]);
  });

  it('counts words in MeSH above the same words repeated in a summary, when neither title has them', async () => {
    await insertArticles(t, [
      {
        title: 'Chest pain: when to call for help',
        summary: 'A heart attack needs help fast. Heart attack signs vary; heart attack care starts with a call. Heart attack.',
        source: 'medlineplus',
        publishedAt: '2015-01-01',
      },
      { title: 'Outcomes in a regional registry', source: 'pubmed', publishedAt: '2015-01-01', mesh: [{ ui: 'D009203' }] },
    ]);
    expect(titles(await search({ q: 'heart attack' }))).toEqual(['Outcomes in a regional registry', 'Chest pain: when to call for help']);
  });

  it('gives an article without a date no recency, rather than counting it as new', async () => {
    await insertArticles(t, [
      { title: 'Asthma care: undated notes' },
      { title: 'Asthma care: notes from last year', publishedAt: `${new Date().getUTCFullYear() - 1}-06-01` },
      { title: 'Asthma care: notes from 1950', publishedAt: '1950-06-01' },
    ]);
    expect(titles(await search({ q: 'asthma' }))).toEqual([
      'Asthma care: notes from last year',
      'Asthma care: notes from 1950',
      'Asthma care: undated notes',
    ]);
  });
});
