import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { PLAIN_SOURCES } from '../../../db/schema/index';
import { dateConditions, hasFilters, hitsWhere, matches, sourceOk, tsq, typeOk, type SearchFilters, type SearchPlan } from './search-match';
import {
  mostWithoutTitle,
  num,
  plainSource,
  recencyOf,
  scoreOf,
  SUMMARY_WORDS,
  titleMatches,
  topicMost,
  type RankContext,
} from './search-score';
import { bestOf, rankGroups, readByStaticOrder, type RankedHit } from './static-order';
import { impactRows, impactWord, type ImpactRow } from './title-impacts';

/**
 * Exact top hits. Ranking every hit costs in proportion to the hits (a quarter of a second for
 * "treatment" at a million articles), yet the best ones nearly always share two things the indexes know:
 * the query is in their title. So the hits are taken in tiers, each ranked on its own: those whose
 * title matches (found by the title index), then (for a lay query) the plain-language sources among the
 * rest, then the others; or, when a word of the query is in no descriptor, the rest, read in static
 * order (static-order.ts). Every factor of the score is bounded (ranking.ts), the words of an article without
 * the query in its title at 0.4 or 0.2, so the most any hit of the later tiers can score is known;
 * once the page is full and its last hit scores more than that, no later hit can enter the page and
 * the later tiers are never read. A query whose page the first tiers cannot settle reads the rest,
 * which is still exact, only slower.
 */
function tiers(plan: SearchPlan, context: RankContext): Tier[] {
  const untitled = sql`NOT ${titleMatches(plan)}`;
  const title: Tier = { kind: 'title', where: titleMatches(plan), laterMost: mostWithoutTitle(plan, context, true) };
  if (plan.wordOutsideMesh) return [title, { kind: 'summary', where: untitled, laterMost: null }];
  if (!context.lay || !context.ranking.plain) return [title, { kind: 'untitled', where: untitled, laterMost: null }];
  return [
    title,
    { kind: 'untitled', where: sql`${plainSource} AND ${untitled}`, laterMost: mostWithoutTitle(plan, context, false) },
    { kind: 'untitled', where: sql`NOT ${plainSource} AND ${untitled}`, laterMost: null },
  ];
}

/** How many impact rows the first read takes; each further read takes four times more. */
const FIRST_IMPACT_READ = 64;
/** Impacts are float4: a margin well above their rounding, so a row never scores more than its impact plus this. */
const IMPACT_MARGIN = 1e-4;

/**
 * A one-word search's title tier, read by descending impact: each read's articles are ranked exactly
 * (`rank`) and the best `size` kept; reading stops when the rows run out or when the best are `size`
 * and the last beats the last impact read plus the topic factor at its most.
 */
async function titleTierByImpact(
  db: DbOrTx,
  word: string,
  topic: number,
  size: number,
  rank: (ids: string[]) => Promise<RankedHit[]>,
): Promise<RankedHit[]> {
  let best: RankedHit[] = [];
  let last: ImpactRow | null = null;
  for (let limit = FIRST_IMPACT_READ; ; limit *= 4) {
    const rows = await impactRows(db, word, last, limit);
    if (rows.length > 0) best = bestOf([...best, ...(await rank(rows.map((r) => r.id)))], size);
    if (rows.length < limit) return best;
    last = rows[rows.length - 1]!;
    if (best.length === size && Number(best[size - 1]!.rank) > last.impact + topic + IMPACT_MARGIN) return best;
  }
}

interface Tier {
  /**
   * title: the hits with the query in their title (only full-text hits can: the tagged articles the
   * text missed are skipped); untitled: the others; summary: the others, known to match in their
   * summaries only (SearchPlan.wordOutsideMesh), read in static order.
   */
  kind: 'title' | 'untitled' | 'summary';
  where: SQL;
  /** The most any hit of the later tiers can score; null for the last tier. */
  laterMost: number | null;
}

export const topHitsQueries = {
  /**
   * The best `size` hits after `position` over every hit passing the filters, by Best Match, read tier
   * by tier (see "Exact top hits") unless `exhaustive`, which ranks every hit at once: the same answer,
   * the reference the tests and bench:search compare the tiers with. `fewHits`: whether the query is
   * known to have no more hits than the sampling budget (its counts are exact), so reading its summary
   * hits in static order could not pay; asked only then, as page 1 learns it beside the search.
   */
  async topHits(
    db: DbOrTx,
    plan: SearchPlan,
    context: RankContext,
    filters: SearchFilters,
    position: { rank: string; id: string } | null,
    size: number,
    { exhaustive = false, fewHits = async () => false }: { exhaustive?: boolean; fewHits?: () => Promise<boolean> } = {},
  ): Promise<RankedHit[]> {
    const after = position ? sql`AND (h.rank, h.id) < (${position.rank}::numeric, ${position.id}::uuid)` : sql``;
    const filtered = sql`${dateConditions(filters)} AND ${sourceOk(filters)} AND ${typeOk(filters)}`;
    const ranked = (from: SQL) =>
      rowsOf<RankedHit>(
        db,
        sql`SELECT h.id, h.rank::text AS rank FROM (${from}) h WHERE true ${after} ORDER BY h.rank DESC, h.id DESC LIMIT ${size}`,
      );
    if (exhaustive) return ranked(hitsWhere(plan, sql`a.id, ${scoreOf(plan, context)} AS rank`, filtered));
    // Every tier knows whether its hits have the query in their title, and the summary tier that they
    // cannot match in their MeSH words (`tiers`): the score need not ask.
    const titledColumns = sql`a.id, ${scoreOf(plan, context, sql`true`)} AS rank`;
    const untitledColumns = sql`a.id, ${scoreOf(plan, context, sql`false`)} AS rank`;
    const summaryScore = scoreOf(plan, context, sql`false`, num(SUMMARY_WORDS));
    // A one-word search without filters reads its title tier by impact (title-impacts.ts).
    const word = hasFilters(filters) || plan.excluded.length ? null : await impactWord(db, plan.text, context.ranking);
    const topic = topicMost(plan, context.ranking);
    const rankIds = (ids: string[]) => ranked(sql`SELECT ${titledColumns} FROM articles a WHERE a.id = ANY(${sql.param(ids)}::uuid[])`);
    const keep = (hit: RankedHit) =>
      !position || Number(hit.rank) < Number(position.rank) || (Number(hit.rank) === Number(position.rank) && hit.id < position.id);
    let best: RankedHit[] = [];
    for (const tier of tiers(plan, context)) {
      if (tier.kind === 'summary') {
        const read = (await fewHits())
          ? null
          : await readByStaticOrder(db, {
              groups: rankGroups(context.ranking, context.lay, filters.source ? PLAIN_SOURCES.includes(filters.source) : null),
              wordsAndTopicMost: context.ranking.text * SUMMARY_WORDS + topic,
              recencyMost: context.ranking.recency,
              hit: sql`(${sql.join(
                matches(plan).map((match) => match.where),
                sql` OR `,
              )}) AND ${tier.where} AND ${filtered}`,
              score: summaryScore,
              recency: sql`coalesce(${recencyOf(context.ranking)}, 0)`,
              size,
              best,
              keep,
            });
        best =
          read ??
          bestOf(
            [...best, ...(await ranked(hitsWhere(plan, sql`a.id, ${summaryScore} AS rank`, sql`${tier.where} AND ${filtered}`)))],
            size,
          );
        break;
      }
      const hits =
        tier.kind === 'title' && word
          ? await titleTierByImpact(db, word, topic, size, rankIds)
          : await ranked(
              tier.kind === 'title'
                ? // `IS TRUE`: the full-text condition is checked on the title index's hits, not intersected with the
                  // (far larger) full-text index's.
                  sql`SELECT ${titledColumns} FROM articles a WHERE (a.search_vector @@ ${tsq(plan)}) IS TRUE AND ${tier.where} AND ${filtered}`
                : hitsWhere(plan, untitledColumns, sql`${tier.where} AND ${filtered}`),
            );
      best = bestOf([...best, ...hits], size);
      // The page is settled when it is full and its last hit beats anything a later tier could hold.
      if (tier.laterMost !== null && best.length === size && Number(best[size - 1]!.rank) > tier.laterMost) break;
    }
    return best;
  },
};
