import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../../db/client';
import { rankGroupTerms } from '../../../db/schema/articles';
import type { Ranking } from './ranking';

/**
 * Impact-ordered title words (schema/search-impacts.ts). A one-word search's best hits have the word in
 * their title, and among those a hit's score is its word rank (ts_rank of the word alone) times the
 * text weight, plus the title weight, plus factors of the article itself (plain-language source,
 * publication type, recency) and the topic factor, which depends on the query's mapping. The impact
 * of an (article, word) row is all of it but the topic, at its most: recency as of the day the row
 * was written, which only falls afterwards. Reading rows by descending impact, no row after the last
 * one read can score more than its impact plus the topic factor at its most; once the page is full
 * and its last hit scores more than that, the page is exact. "pain" at a million articles reads a
 * few hundred rows instead of ranking 170,000 titles.
 */

/**
 * Word weights for D, C, B, A (PostgreSQL's order): title 1, MeSH 0.4, summary 0.2. ts_rank, not
 * ts_rank_cd: the cover-density rank adds every occurrence up, and a descriptor's name and entry terms
 * repeat its words ("Asthma", "Asthmas", "Bronchial Asthma"), so a MeSH tag outranked a title.
 * ts_rank lets each further occurrence count less, keeps title > MeSH > summary, and never exceeds the
 * largest weight (1), which bounds the text's part of the score.
 */
export const WORD_WEIGHTS = sql`'{0.1, 0.2, 0.4, 1.0}'::float4[]`;

/**
 * The recency factor of article `a` by a weight and half-life (years): null without a date (no
 * factor), the full weight for a date in the future.
 */
export const recencyFactor = (weight: SQL, halfLifeYears: SQL) =>
  sql`${weight} * CASE WHEN a.published_at > current_date THEN 1
    ELSE power(0.5, (current_date - a.published_at) / (365.25 * ${halfLifeYears})) END`;

/** Bumped when the impact formula changes, so that stored impacts are computed again. */
const IMPACT_FORMULA = 2;

/** The weights an impact depends on, as one string: impacts are read only under the weights they were computed with. */
export function impactSignature(r: Ranking): string {
  return JSON.stringify({
    formula: IMPACT_FORMULA,
    text: r.text,
    title: r.title,
    plain: r.plain,
    guideline: r.guideline,
    review: r.review,
    recency: r.recency,
    halfLife: r.recencyHalfLife,
  });
}

/** An article's impact for a word of rank `wordRank`, by the weights row `w` (article `a`). */
const impactOf = (wordRank: SQL) =>
  sql`(${sql.join(
    [
      sql`w.text * ${wordRank}`,
      sql`w.title`,
      ...rankGroupTerms(sql`a.rank_group`, { plain: sql`w.plain`, guideline: sql`w.guideline`, review: sql`w.review` }),
      sql`coalesce(${recencyFactor(sql`w.recency`, sql`w.recency_half_life`)}, 0)`,
    ],
    sql` + `,
  )})::float4`;

/**
 * A title word as a one-word query. Lexemes with a backslash have no rows: quoting them as a tsquery
 * is not a round trip, and a search for one ranks its title tier the ordinary way.
 */
const wordQuery = (term: SQL) => sql`quote_literal(${term})::tsquery`;

/** Rewrites the rows of `articleIds` (every article without) from their titles and search documents. */
export async function refreshTitleImpacts(db: DbOrTx, articleIds?: string[]): Promise<void> {
  const which = articleIds ? sql`a.id = ANY(${sql.param(articleIds)}::uuid[])` : sql`true`;
  if (articleIds) await db.execute(sql`DELETE FROM search_title_terms WHERE article_id = ANY(${sql.param(articleIds)}::uuid[])`);
  else await db.execute(sql`DELETE FROM search_title_terms`);
  await db.execute(sql`
    INSERT INTO search_title_terms (term, article_id, word_rank, impact)
    SELECT t.term, a.id, t.word_rank, ${impactOf(sql`t.word_rank`)}
    FROM articles a
    CROSS JOIN search_impact_weights w
    CROSS JOIN LATERAL (
      SELECT term, ts_rank(${WORD_WEIGHTS}, a.search_vector, ${wordQuery(sql`term`)}) AS word_rank
      FROM unnest(tsvector_to_array(a.title_vector)) term
      WHERE strpos(term, '\\') = 0) t
    WHERE ${which} AND a.search_vector IS NOT NULL
    ON CONFLICT DO NOTHING`);
}

/**
 * Makes the stored impacts those of `ranking`: on the first start, and when the server starts with
 * other weights than the impacts were computed with, every row is written again, in one transaction
 * (at a million articles, a few minutes, announced by `starting`; until it commits, one-word searches
 * rank their title tier whole). Says which happened.
 */
export async function ensureImpactWeights(db: Db, ranking: Ranking, starting?: () => void): Promise<'current' | 'computed'> {
  const signature = impactSignature(ranking);
  const rows = await rowsOf<{ signature: string }>(db, sql`SELECT signature FROM search_impact_weights`);
  if (rows.length === 1 && rows[0]!.signature === signature) return 'current';
  starting?.();
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM search_impact_weights`);
    await tx.execute(sql`
      INSERT INTO search_impact_weights (signature, text, title, plain, guideline, review, recency, recency_half_life)
      VALUES (${signature}, ${ranking.text}, ${ranking.title}, ${ranking.plain}, ${ranking.guideline}, ${ranking.review},
        ${ranking.recency}, ${ranking.recencyHalfLife})`);
    await refreshTitleImpacts(tx);
  });
  return 'computed';
}

/**
 * The query's one lexeme when it is a single word and the stored impacts are `ranking`'s own, else
 * null. Only one-word searches read by impact: a search of several words reading the rows of one of
 * them (with the word rank at its most, 1) was measured slower, not faster, at a million articles
 * ("risk children": 37 → 680 ms), as most titles with the one word lack the others; and even giving
 * up on those, clinical phrases were slower ("heart failure": 24 → 99 ms), as the topic factor, which
 * no row holds, leaves too many rows that might still enter the page.
 */
export async function impactWord(db: DbOrTx, text: string, ranking: Ranking): Promise<string | null> {
  const [row] = await rowsOf<{ tree: string; nodes: number; signature: string | null }>(
    db,
    sql`
      SELECT querytree(q) AS tree, numnode(q) AS nodes, (SELECT signature FROM search_impact_weights) AS signature
      FROM websearch_to_tsquery('english', ${text}) q`,
  );
  if (!row || Number(row.nodes) !== 1 || row.signature !== impactSignature(ranking)) return null;
  // One lexeme, quoted, with no weight or prefix marks after it.
  const lexeme = /^'((?:[^']|'')+)'$/.exec(row.tree)?.[1]?.replace(/''/g, "'");
  return lexeme && !lexeme.includes('\\') ? lexeme : null;
}

export interface ImpactRow {
  id: string;
  impact: number;
}

/** The next `limit` rows of `term` by descending impact, after `after` (the last row read). */
export async function impactRows(db: DbOrTx, term: string, after: ImpactRow | null, limit: number): Promise<ImpactRow[]> {
  const rest = after ? sql`AND (impact, article_id) < (${after.impact}::float4, ${after.id}::uuid)` : sql``;
  const rows = await rowsOf<{ id: string; impact: number | string }>(
    db,
    sql`
      SELECT article_id AS id, impact FROM search_title_terms WHERE term = ${term} ${rest}
      ORDER BY impact DESC NULLS LAST, article_id DESC NULLS LAST LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, impact: Number(r.impact) }));
}
