import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from '../../src/plugins/app/search/ranking';
import { SearchService } from '../../src/plugins/app/search/search-service';
import { useTestApp } from '../support/test-app';
import { insertArticles, searchAsSignedIn, type ArticleFixture } from './corpus';

const t = useTestApp({ env: { SEARCH_HIT_BUDGET: 40 } });
const { search } = searchAsSignedIn(t);
const ids = (body: { data: { id: string }[] }) => body.data.map((hit) => hit.id);

const SOURCES = ['pubmed', 'medlineplus', 'curated', 'pubmed'] as const;
const TYPES = [['Journal Article'], ['Review'], ['Practice Guideline'], []];

/**
 * Articles of every source, type and age (some undated) whose titles never hold "quality of life";
 * `hitEvery`-th summaries do, some of them three times over, and some articles are tagged with Asthma.
 */
const summaryCorpus = (size: number, hitEvery: number): ArticleFixture[] =>
  Array.from({ length: size }, (_, n) => ({
    title: `Living with a long illness, note ${n}`,
    summary:
      n % hitEvery !== 0
        ? 'Daily routines and follow-up visits.'
        : n % 7 === 0
          ? 'Quality of life mattered. Quality of life improved, and quality of life stayed good.'
          : 'Quality of life improved within a year.',
    source: SOURCES[n % 4],
    publicationTypes: TYPES[(n >> 2) % 4],
    publishedAt: n % 11 === 0 ? undefined : `${1990 + (n % 36)}-0${1 + (n % 9)}-15`,
    mesh: n % 5 === 0 ? [{ ui: 'D001249', major: n % 10 === 0 }] : [],
  }));

async function expectSamePages(query: Record<string, string>, pages: number) {
  const exhaustive = new SearchService(t.db, 40, DEFAULT_RANKING, true);
  let reference = await exhaustive.search({ q: query.q!, ...query });
  let page = await search(query);
  expect(reference.data.length, JSON.stringify(query)).toBeGreaterThan(0);
  for (let n = 1; n <= pages; n++) {
    expect(ids(page), `${JSON.stringify(query)} page ${n}`).toEqual(ids(reference));
    if (!reference.meta.next_cursor) break;
    reference = await exhaustive.search({ q: query.q!, ...query, cursor: reference.meta.next_cursor });
    page = await search({ ...query, cursor: page.meta.next_cursor });
  }
}

describe('hits found only in their summaries', () => {
  it('are read in static order and give the exhaustive ranking, page after page, with and without filters', async () => {
    await insertArticles(t, summaryCorpus(400, 2));
    // No descriptor holds "quality": no article can match in its MeSH words, every hit is a summary hit.
    await expectSamePages({ q: '"quality of life"' }, 4);
    await expectSamePages({ q: 'quality of life asthma' }, 3);
    await expectSamePages({ q: '"quality of life"', source: 'pubmed' }, 2);
    await expectSamePages({ q: '"quality of life"', publication_type: 'Review' }, 2);
    await expectSamePages({ q: '"quality of life"', from: '2000-01-01', to: '2015-12-31' }, 2);
  });

  it('are ranked through the search index when they are rare among the rows, with the same pages', async () => {
    await insertArticles(t, summaryCorpus(1200, 60));
    // Fewer hits than the sampling budget: ranked whole at once.
    await expectSamePages({ q: '"quality of life"' }, 2);
    await expectSamePages({ q: '"quality of life"', publication_type: 'Review' }, 1);
    // Without counts (a topic page, Wink) the reader starts, finds a few hits in its first 256 rows and hands over.
    const best = await new SearchService(t.db, 40, DEFAULT_RANKING).bestHits('"quality of life"', 10);
    const reference = await new SearchService(t.db, 40, DEFAULT_RANKING, true).bestHits('"quality of life"', 10);
    expect(ids({ data: best })).toEqual(ids({ data: reference }));
  });
});
