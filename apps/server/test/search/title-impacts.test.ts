import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index';
import { DEFAULT_RANKING } from '../../src/plugins/app/search/ranking';
import { refreshSearchVectors } from '../../src/plugins/app/search/search-vectors';
import { SearchService } from '../../src/plugins/app/search/search-service';
import { ensureImpactWeights } from '../../src/plugins/app/search/title-impacts';
import { useTestApp } from '../support/test-app';
import { insertArticles, searchAsSignedIn, type ArticleFixture } from './corpus';

const t = useTestApp({ env: { SEARCH_HIT_BUDGET: 40 } });
const { search } = searchAsSignedIn(t);
const ids = (body: { data: { id: string }[] }) => body.data.map((hit) => hit.id);

async function impactsOf(word: string): Promise<Map<string, number>> {
  const rows = (
    (await t.db.execute(sql`SELECT article_id, impact FROM search_title_terms WHERE term = ${word}`)) as unknown as {
      rows: { article_id: string; impact: number }[];
    }
  ).rows;
  return new Map(rows.map((r) => [r.article_id, Number(r.impact)]));
}

/** Sleep articles of every source, type and age; none tagged, so a hit's score has no topic factor. */
const sleepCorpus = (size: number): ArticleFixture[] =>
  Array.from({ length: size }, (_, n) => ({
    title: n % 2 === 0 ? `Sleep and the working day, note ${n}` : `Rest at night, note ${n}`,
    summary: n % 5 === 0 ? 'Sleep, sleep hygiene and sleep debt.' : 'What sleep does.',
    source: (['pubmed', 'pubmed', 'medlineplus', 'curated'] as const)[n % 4],
    publicationTypes: [['Journal Article', 'Review', 'Practice Guideline'][n % 3]!],
    publishedAt: `${1990 + (n % 36)}-03-01`,
  }));

describe('impact-ordered title words', () => {
  it("hold each title word's part of the score, follow a changed title and go with a deleted article", async () => {
    const [first, second] = await insertArticles(t, [
      { title: 'Sleep habits for adults', summary: 'Sleep well.', source: 'medlineplus', publishedAt: '2024-01-01' },
      { title: 'Shift work and sleep', publicationTypes: ['Review'], publishedAt: '2001-05-01' },
    ]);
    const impacts = await impactsOf('sleep');
    // Best Match but the topic, by the default weights: text 3 · word rank + title 1 + plain 0.6 + recency.
    const [expected] = (
      (await t.db.execute(sql`
        SELECT 3 * ts_rank('{0.1, 0.2, 0.4, 1.0}', search_vector, 'sleep'::tsquery) + 1 + 0.6
          + 0.3 * power(0.5, (current_date - published_at) / (365.25 * 10)) AS score
        FROM articles WHERE id = ${first}::uuid`)) as unknown as { rows: { score: number }[] }
    ).rows;
    expect(impacts.get(first!)).toBeCloseTo(Number(expected!.score), 4);
    expect(ids(await search({ q: 'sleep' }))).toEqual([first, second]);

    await t.db.update(articles).set({ title: 'Shift work and rest' }).where(eq(articles.id, second!));
    await refreshSearchVectors(t.db, [second!]);
    expect([...(await impactsOf('sleep')).keys()]).toEqual([first]);
    expect([...(await impactsOf('rest')).keys()]).toEqual([second]);

    await t.db.delete(articles).where(eq(articles.id, first!));
    expect((await impactsOf('sleep')).size).toBe(0);
  });

  it('rank a one-word title tier by impact instead of reading every title, page after page', async () => {
    await insertArticles(t, sleepCorpus(300));
    const exhaustive = new SearchService(t.db, 40, DEFAULT_RANKING, true);
    let reference = await exhaustive.search({ q: 'sleep' });
    let page = await search({ q: 'sleep' });
    const best = reference.data[0]!.id;
    for (let n = 1; n <= 4; n++) {
      expect(ids(page), `page ${n}`).toEqual(ids(reference));
      reference = await exhaustive.search({ q: 'sleep', cursor: reference.meta.next_cursor! });
      page = await search({ q: 'sleep', cursor: page.meta.next_cursor });
    }
    // An article whose stored impact were too low would never be read: the search trusts the impact order.
    await t.db.execute(sql`UPDATE search_title_terms SET impact = 0 WHERE article_id = ${best}::uuid AND term = 'sleep'`);
    expect(ids(await search({ q: 'sleep' }))).not.toContain(best);
    // Written again with the article (as every import does), it is back at the top.
    await refreshSearchVectors(t.db, [best]);
    expect(ids(await search({ q: 'sleep' }))[0]).toBe(best);
  });

  it('are computed again for other weights, and a search under weights they were not computed with ranks exactly without them', async () => {
    await insertArticles(t, sleepCorpus(120));
    const recent = { ...DEFAULT_RANKING, recency: 2 };
    const reference = await new SearchService(t.db, 40, recent, true).search({ q: 'sleep' });
    // The server's weights (the defaults) are not these: the impacts cannot serve them, and the page is still exact.
    expect(ids(await new SearchService(t.db, 40, recent).search({ q: 'sleep' }))).toEqual(ids(reference));

    expect(await ensureImpactWeights(t.db, recent)).toBe('computed');
    expect(await ensureImpactWeights(t.db, recent)).toBe('current');
    expect(ids(await new SearchService(t.db, 40, recent).search({ q: 'sleep' }))).toEqual(ids(reference));
  });

  it('are computed again by a server with background work, and done by the time it has closed', async () => {
    await insertArticles(t, sleepCorpus(120));
    // It does not wait for them to start (minutes at a million articles, and its plugins must be ready in
    // seconds), but closing waits for them.
    const app = await t.buildApp({ SEARCH_RANK_RECENCY: 2 }, true);
    await app.close();
    expect(await ensureImpactWeights(t.db, { ...DEFAULT_RANKING, recency: 2 })).toBe('current');
  });
});
