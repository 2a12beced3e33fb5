import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { inSample, SAMPLE_LEVELS } from '../../src/db/schema/articles';
import { sampleLevel, scaledCount } from '../../src/plugins/app/search/search-sampling';
import { useTestApp } from '../support/test-app';
import { insertArticles, searchAsSignedIn, type ArticleFixture } from './corpus';

// A budget of 40 hits makes a few hundred articles a "broad" query, as 270,000 are at the default.
const BUDGET = 40;
const t = useTestApp({ env: { SEARCH_HIT_BUDGET: BUDGET } });

/** An id whose last byte (the article's search bucket, 0–255) is `bucket`; `n` keeps ids apart. */
const idIn = (bucket: number, n: number) =>
  `${n.toString(16).padStart(8, '0')}-0000-4000-8000-0000000000${bucket.toString(16).padStart(2, '0')}`;
const bucketOf = (id: string) => parseInt(id.slice(-2), 16);

const { agent, search } = searchAsSignedIn(t);

/** Every page of a search, following the cursors. */
async function allPages(params: Record<string, string>) {
  const first = await search(params);
  const hits = [...first.data];
  let cursor: string | null = first.meta.next_cursor;
  while (cursor) {
    const page = await search({ ...params, cursor });
    hits.push(...page.data);
    cursor = page.meta.next_cursor;
  }
  return { first, hits };
}

/** 2,048 articles on sleep, 8 in every bucket; 32 of them from MedlinePlus, in buckets 5, 69, 133 and 197. */
function sleepCorpus(): ArticleFixture[] {
  return Array.from({ length: 2048 }, (_, n) => ({
    id: idIn(n % 256, n),
    title: `Night routines, part ${n}`,
    summary: 'Regular hours help sleep.',
    source: n % 64 === 5 ? 'medlineplus' : 'pubmed',
    publicationTypes: [n % 2 === 0 ? 'Review' : 'Journal Article'],
  }));
}

describe('sample levels and scaled counts', () => {
  it('picks the widest sample whose expected hits fit the budget', () => {
    expect(sampleLevel(0, 2000)).toBe(8);
    expect(sampleLevel(7, 2000)).toBe(8);
    expect(sampleLevel(8, 2000)).toBe(7);
    expect(sampleLevel(1070, 2000)).toBe(0);
    expect(sampleLevel(5000, 2000)).toBe(0);
    expect(sampleLevel(8, 40)).toBe(2);
    // Too few hits at level 0 to size a sample by, whatever the budget.
    expect(sampleLevel(7, 10)).toBe(8);
  });

  it('scales a sampled count to the corpus, to two significant figures, and leaves exact counts alone', () => {
    expect(scaledCount(1234, 8)).toBe(1234);
    expect(scaledCount(1, 0)).toBe(260);
    expect(scaledCount(667, 0)).toBe(170_000);
    expect(scaledCount(32, 4)).toBe(510);
    expect(scaledCount(0, 0)).toBe(0);
  });
});

describe('a query broader than the hit budget', () => {
  it('shows the best hits of all on every page, from outside the counting sample too, with an estimated total and facets', async () => {
    // Bucket 200 is far outside the sample a budget of 40 counts in (buckets 0–3).
    const best = idIn(200, 9999);
    await insertArticles(t, [
      ...sleepCorpus(),
      { id: best, title: 'Sleep: what helps', summary: 'Sleep hygiene and sleep.', source: 'curated', publicationTypes: ['Overview'] },
    ]);

    const first = await search({ q: 'sleep' });
    expect(first.data[0].id).toBe(best);
    // The next page goes on with hits from every bucket, not only the counting sample's.
    const second = await search({ q: 'sleep', cursor: first.meta.next_cursor });
    expect(second.data).toHaveLength(20);
    expect(second.data.some((h: { id: string }) => bucketOf(h.id) >= 4)).toBe(true);
    // Eight hits in bucket 0 and a budget of 40: counted in buckets 0–3 (levels 0–2), each standing for 64.
    expect(first.meta).toMatchObject({ total: 2000, total_estimated: true, facets_estimated: true });
    expect(first.meta.facets.source).toEqual([{ value: 'pubmed', count: 2000 }]);
    expect(first.meta.facets.publication_type).toEqual([
      { value: 'Journal Article', count: 1000 },
      { value: 'Review', count: 1000 },
    ]);
  });

  it('counts exactly when the query fits the budget, and says so', async () => {
    await insertArticles(t, sleepCorpus().slice(0, 30));
    const body = await search({ q: 'sleep' });
    expect(body.meta).toMatchObject({ total: 30, total_estimated: false, facets_estimated: false });
    expect(body.meta.facets.source).toEqual([
      { value: 'pubmed', count: 29 },
      { value: 'medlineplus', count: 1 },
    ]);
  });

  it('widens the sample for a filter that leaves few hits, so the filtered page is whole and its total exact', async () => {
    await insertArticles(t, sleepCorpus());
    // No MedlinePlus article is in bucket 0, so the filtered hits are read from the whole corpus.
    const { first, hits } = await allPages({ q: 'sleep', source: 'medlineplus' });
    expect(hits).toHaveLength(32);
    expect(first.meta).toMatchObject({ total: 32, total_estimated: false, facets_estimated: true });
    expect(hits.every((h: { source: string }) => h.source === 'medlineplus')).toBe(true);
    // The facets still count the other sources, from the sample (buckets 0–3 hold no MedlinePlus article).
    expect(first.meta.facets.source).toEqual([{ value: 'pubmed', count: 2000 }]);
  });

  it('counts a query broad even at level 0 in that sample alone, and a filter that leaves few hits across the corpus', async () => {
    // 48 hits in bucket 0 (two from MedlinePlus), more than the budget: level 0 is the sample, each hit standing for 256.
    const inBucketZero = Array.from({ length: 48 }, (_, n) => ({
      id: idIn(0, n),
      title: `Night routines, part ${n}`,
      source: n < 2 ? ('medlineplus' as const) : ('pubmed' as const),
      publicationTypes: [n % 2 === 0 ? 'Review' : 'Journal Article'],
    }));
    const elsewhere = [100, 150, 250].map((bucket, n) => ({
      id: idIn(bucket, 100 + n),
      title: `Sleep, part ${n}`,
      source: 'medlineplus' as const,
    }));
    await insertArticles(t, [...inBucketZero, ...elsewhere]);

    const broad = await search({ q: 'part' });
    expect(broad.meta).toMatchObject({ total: 12000, total_estimated: true, facets_estimated: true });
    expect(broad.meta.facets.source).toEqual([
      { value: 'pubmed', count: 12000 },
      { value: 'medlineplus', count: 510 },
    ]);
    // Filtered to MedlinePlus: too few at level 0 to sample, so every one is counted; the facets stay level 0's.
    const filtered = await search({ q: 'part', source: 'medlineplus' });
    expect(filtered.meta).toMatchObject({ total: 5, total_estimated: false, facets_estimated: true });
    expect(filtered.meta.facets.source).toEqual(broad.meta.facets.source);
    expect(filtered.data).toHaveLength(5);
  });

  it("counts a sample through that sample's own search indexes, and no other", async () => {
    await insertArticles(t, sleepCorpus().slice(0, 64));
    const plan = async (where: SQL) => {
      const rows = await t.db.transaction(async (tx) => {
        // The table is tiny here: without this PostgreSQL would rather read all of it than any index.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return rowsOf<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN SELECT count(*) FROM articles a WHERE ${where}`);
      });
      return [
        ...rows
          .map((row) => row['QUERY PLAN'])
          .join('\n')
          .matchAll(/Index Scan on (\w+)/g),
      ].map((m) => m[1]);
    };
    const text = sql`a.search_vector @@ websearch_to_tsquery('english', 'sleep')`;
    const tagged = sql`a.mesh_uis && '{D012890}'::text[]`;
    expect(await plan(sql`${text} AND ${inSample('text', sql`a.id`, 0)}`)).toEqual(['articles_search_sample0_idx']);
    expect(await plan(sql`${text} AND ${inSample('text', sql`a.id`, 5)}`)).toEqual(['articles_search_sample5_idx']);
    expect(await plan(sql`${tagged} AND ${inSample('mesh', sql`a.id`, 3)}`)).toEqual(['articles_mesh_search_sample3_idx']);
    expect(await plan(sql`${text} AND ${inSample('text', sql`a.id`, SAMPLE_LEVELS)}`)).toEqual(['articles_search_idx']);
  });

  it('finds a rare word among many articles exactly, wherever its articles are', async () => {
    await insertArticles(t, [...sleepCorpus(), { id: idIn(200, 9998), title: 'Sleep apnoea and snoring' }]);
    const body = await search({ q: 'snoring' });
    expect(body.meta).toMatchObject({ total: 1, total_estimated: false });
    expect(body.data[0].title).toBe('Sleep apnoea and snoring');
  });

  it('refuses a cursor whose sample is not one it could have written (422)', async () => {
    const forged = Buffer.from(JSON.stringify(['0.5', idIn(1, 1), 0, 9])).toString('base64url');
    const res = await agent().get(`/api/search?q=sleep&cursor=${forged}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cursor).toBeDefined();
  });
});
