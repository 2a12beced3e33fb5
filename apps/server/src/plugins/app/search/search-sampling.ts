import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { SAMPLE_LEVELS } from '../../../db/schema/articles';
import { dateConditions, hitsWhere, sourceOk, typeOk, type SearchFilters, type SearchPlan } from './search-match';

/**
 * Sampling, for the counts only (pages are exact: "Exact top hits"). Counting and faceting read every
 * hit from the table, so their cost grows with the hits: at a million articles one common word
 * ("treatment", 270,000 hits) took a quarter of a second however the statement was written. So a search
 * counts about `budget` hits at most. Every article is in samples by the last byte of its random id
 * (schema/articles.ts, `inSample`): the sample of level L is an even 2^L/256 of the corpus, with search
 * indexes of its own, so that a count reads the sample's posting lists and rows only. Page 1 first
 * counts the hits at level 0 (1/256 of the corpus) and picks the widest sample that stays within the
 * budget. A query with fewer hits than the budget gets level SAMPLE_LEVELS, the whole corpus, and
 * exact counts; a broader one gets its total and facet counts scaled up from the sample (estimates,
 * said so in the response).
 */

/** The sample for the facet counts (every hit in the date range) and the one for the total (the hits passing every filter). */
export interface SampleLevels {
  found: number;
  shown: number;
}

/**
 * Fewer hits than this at level 0 say too little about the whole (30 hits or 2,000 can both leave 1
 * there), so the query is not sampled.
 */
const SAMPLE_EVIDENCE = 8;

/** The widest sample whose expected hits (`perLevelZero` at level 0, doubling with each level) stay within `budget`. */
export function sampleLevel(perLevelZero: number, budget: number): number {
  if (perLevelZero < SAMPLE_EVIDENCE) return SAMPLE_LEVELS;
  return Math.min(SAMPLE_LEVELS, Math.max(0, Math.floor(Math.log2(budget / perLevelZero))));
}

/** How many articles each article of a level's sample stands for. */
export const sampleScale = (level: number) => 2 ** (SAMPLE_LEVELS - level);

/**
 * A count from a sample, scaled up to the corpus and rounded to two significant figures, since a
 * sample's count is no more precise than that; exact counts stay as they are.
 */
export function scaledCount(count: number, level: number): number {
  if (level >= SAMPLE_LEVELS || count === 0) return count;
  const scaled = count * sampleScale(level);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(scaled)) - 1);
  return Math.round(scaled / unit) * unit;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface Counts {
  /** The hits in the `found` sample: every hit in the date range. */
  found: number;
  /** Counted in the `shown` sample. */
  total: number;
  /** Counted in the `found` sample. */
  facets: { source: FacetCount[]; publication_type: FacetCount[] };
}

/** The count of the hits passing every filter in the sample up to `level`, as a scalar subquery. */
const totalIn = (plan: SearchPlan, filters: SearchFilters, level: number) =>
  sql`(SELECT count(*) FROM (${hitsWhere(
    plan,
    sql`1`,
    sql`${dateConditions(filters)} AND ${sourceOk(filters)} AND ${typeOk(filters)}`,
    level,
  )}) h)`;

export const sampleCounts = {
  /**
   * The total and the facet counts, in one statement. The facets count the `found` sample: every hit
   * in the date range, each with two booleans, so one pass serves both facets, each applying the other
   * filter, not its own (picking a source still shows how many hits every other source has). The total
   * counts the hits passing every filter: in the same pass when both samples are one, else in a second
   * indexed scan of the (wider) `shown` sample. `found` is the size of the facets' sample. Page 1 asks
   * first at level 0 (1/256 of the corpus) to size its samples.
   */
  async counts(db: DbOrTx, plan: SearchPlan, filters: SearchFilters, levels: SampleLevels): Promise<Counts> {
    const sampleColumns = sql`a.source, a.publication_types, ${sourceOk(filters)} AS source_ok, ${typeOk(filters)} AS type_ok`;
    const total =
      levels.found === levels.shown ? sql`(SELECT count(*) FROM sample WHERE source_ok AND type_ok)` : totalIn(plan, filters, levels.shown);
    const [row] = await rowsOf<{
      found: string | number;
      total: string | number;
      source: FacetCount[] | null;
      publication_type: FacetCount[] | null;
    }>(
      db,
      sql`
      WITH sample AS MATERIALIZED (${hitsWhere(plan, sampleColumns, dateConditions(filters), levels.found)})
      SELECT
        (SELECT count(*) FROM sample) AS found,
        ${total} AS total,
        (SELECT json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value)
          FROM (SELECT source AS value, count(*) AS n FROM sample WHERE type_ok GROUP BY source) f) AS source,
        (SELECT json_agg(json_build_object('value', value, 'count', n) ORDER BY n DESC, value)
          FROM (SELECT value, count(*) AS n FROM (SELECT unnest(publication_types) AS value FROM sample WHERE source_ok) t GROUP BY value) f)
          AS publication_type`,
    );
    return {
      found: Number(row?.found ?? 0),
      total: Number(row?.total ?? 0),
      facets: {
        source: (row?.source ?? []).map((f) => ({ value: f.value, count: Number(f.count) })),
        publication_type: (row?.publication_type ?? []).map((f) => ({ value: f.value, count: Number(f.count) })),
      },
    };
  },

  /** The hits passing every filter in the sample up to `level`: a total whose facets are counted already. */
  async total(db: DbOrTx, plan: SearchPlan, filters: SearchFilters, level: number): Promise<number> {
    const [row] = await rowsOf<{ total: string | number }>(db, sql`SELECT ${totalIn(plan, filters, level)} AS total`);
    return Number(row?.total ?? 0);
  },
};
