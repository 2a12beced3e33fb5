import { sql, type SQL } from 'drizzle-orm';
import { rankGroupTerms } from '../../../db/schema/articles';
import { PLAIN_SOURCES } from '../../../db/schema/index';
import type { Ranking } from './ranking';
import { textArray, tsq, type SearchPlan } from './search-match';
import { recencyFactor, WORD_WEIGHTS } from './title-impacts';

/**
 * The most an article's words count when its title does not match: the weight of the best part that
 * matches, MeSH (0.4) or else the summary (0.2). ts_rank of one word never exceeds the weight of the
 * part it is in; several words close together in a summary could add up past it, and must not
 * outweigh a MeSH match.
 */
const MESH_WORDS = 0.4;
export const SUMMARY_WORDS = 0.2;

/**
 * The whole query matches the title, as the title index answers it (articles_title_search_idx, on the
 * title's stored document: the weight-A part of the search document).
 */
export const titleMatches = (plan: SearchPlan) => sql`a.title_vector @@ ${tsq(plan)}`;
/** The whole query matches the article's MeSH words (the weight-B part of its search document). */
const meshMatches = (plan: SearchPlan) =>
  plan.meshQuery === null
    ? sql`coalesce(ts_filter(a.search_vector, '{b}') @@ ${tsq(plan)}, false)`
    : sql`coalesce(a.search_vector @@ ${plan.meshQuery}::tsquery, false)`;
/** What an untitled article's words may count at most: MeSH's weight when they match there, else the summary's. */
const wordsCap = (plan: SearchPlan) => sql`CASE WHEN ${meshMatches(plan)} THEN ${num(MESH_WORDS)} ELSE ${num(SUMMARY_WORDS)} END`;

export const plainSource = sql`a.search_keys && ${textArray(PLAIN_SOURCES.map((s) => `source:${s}`))}`;
export const num = (value: number) => sql`${value}::float8`;

/** What the ranking needs to know about a query besides its plan. */
export interface RankContext {
  ranking: Ranking;
  /** Plain-language sources rank higher (ranking.ts, `isLayQuery`). */
  lay: boolean;
}

/**
 * Best Match (ranking.ts): every factor of the score, rounded so that cursors compare exactly. `inTitle`
 * is whether the whole query is in the title and `cap` the most the words count without it
 * (`wordsCap`), given as constants to a tier whose hits all agree on them (per-row tests spared).
 */
export function scoreOf(
  plan: SearchPlan,
  { ranking: r, lay }: RankContext,
  inTitle: SQL = titleMatches(plan),
  cap: SQL = wordsCap(plan),
): SQL {
  // Without the query in its title, an article's words count at most as its best matching part does:
  // many repetitions in a summary must not outweigh a title, and it bounds what the later tiers can score.
  const words = sql`coalesce(ts_rank(${WORD_WEIGHTS}, a.search_vector, ${tsq(plan)}), 0)`;
  const parts: SQL[] = [sql`${num(r.text)} * CASE WHEN ${inTitle} THEN ${words} ELSE least(${words}, ${cap}) END`];
  if (r.title) parts.push(sql`CASE WHEN ${inTitle} THEN ${num(r.title)} ELSE 0 END`);
  if (plan.boostUis.length && (r.major || r.minor)) {
    parts.push(sql`CASE WHEN a.major_mesh_uis && ${textArray(plan.boostUis)} THEN ${num(r.major)}
      WHEN a.mesh_uis && ${textArray(plan.boostUis)} THEN ${num(r.minor)} ELSE 0 END`);
  }
  parts.push(
    ...rankGroupTerms(sql`a.rank_group`, {
      plain: lay && r.plain ? num(r.plain) : null,
      guideline: num(r.guideline),
      review: num(r.review),
    }),
  );
  if (r.recency) parts.push(sql`coalesce(${recencyOf(r)}, 0)`);
  return sql`round((${sql.join(parts, sql` + `)})::numeric, 6)`;
}

/** The recency factor of article `a` (null without a date). */
export const recencyOf = (r: Ranking) => recencyFactor(num(r.recency), num(r.recencyHalfLife));

export const topicMost = (plan: SearchPlan, r: Ranking) => (plan.boostUis.length ? Math.max(r.major, r.minor) : 0);

/**
 * The most a hit whose title lacks the query can score, with or without the plain-language factor
 * (every other one at its most): its words count 0.4, or 0.2 when a word of the query is in no descriptor.
 */
export function mostWithoutTitle(plan: SearchPlan, { ranking: r, lay }: RankContext, plain: boolean): number {
  const words = r.text * (plan.wordOutsideMesh ? SUMMARY_WORDS : MESH_WORDS);
  return words + topicMost(plan, r) + (lay && plain ? r.plain : 0) + Math.max(r.guideline, r.review) + r.recency;
}
