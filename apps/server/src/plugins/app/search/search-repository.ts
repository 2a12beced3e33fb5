import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { inSample, rankGroupTerms, SAMPLE_LEVELS } from '../../../db/schema/articles';
import { PLAIN_SOURCES } from '../../../db/schema/index';
import type { Ranking } from './ranking';
import { bestOf, rankGroups, readByStaticOrder, type RankedHit } from './static-order';
import { impactRows, impactWord, recencyFactor, refreshTitleImpacts, WORD_WEIGHTS, type ImpactRow } from './title-impacts';

export type { RankedHit };

const REFRESH_CHUNK = 1000;

/** A descriptor's words (name and entry terms) as every article tagged with it carries them in its search document. */
const descriptorWords = sql`d.name || ' ' || array_to_string(d.entry_terms, ' ')`;

/**
 * The one expression that builds an article's search document: title (A), the names and entry terms
 * of its MeSH descriptors (B), summary (C), plus the copies of its MeSH links that search filters and
 * boosts on. Call it after articles or their MeSH links change; without ids it refreshes every article
 * (after a vocabulary import renamed descriptors).
 */
export async function refreshSearchVectors(db: DbOrTx, articleIds?: string[]): Promise<void> {
  const update = (where: SQL) => sql`
    UPDATE articles SET
      search_vector =
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', coalesce((
          SELECT string_agg(${descriptorWords}, ' ')
          FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui
          WHERE am.article_id = articles.id), '')), 'B') ||
        setweight(to_tsvector('english', summary), 'C'),
      mesh_uis = ARRAY(SELECT am.descriptor_ui FROM article_mesh am WHERE am.article_id = articles.id ORDER BY am.position, am.descriptor_ui),
      major_mesh_uis = ARRAY(SELECT am.descriptor_ui FROM article_mesh am WHERE am.article_id = articles.id AND am.major
        ORDER BY am.position, am.descriptor_ui)
    WHERE ${where}`;
  if (!articleIds) {
    await db.execute(update(sql`true`));
    await refreshTitleImpacts(db);
    return;
  }
  for (let i = 0; i < articleIds.length; i += REFRESH_CHUNK) {
    const chunk = articleIds.slice(i, i + REFRESH_CHUNK);
    await db.execute(update(sql`id = ANY(${sql.param(chunk)}::uuid[])`));
    await refreshTitleImpacts(db, chunk);
  }
}

/** One mapped concept: the articles tagged with any of `uis` (the mapped descriptors and everything narrower). */
export interface Concept {
  uis: string[];
}

export interface SearchPlan {
  /** The query as typed, for `websearch_to_tsquery`. */
  text: string;
  /**
   * The mapped concepts, for finding tagged articles the text missed: without the descriptors whose
   * own words satisfy the query (`descriptorsFoundByText`), whose articles the text finds anyway.
   */
  concepts: Concept[];
  /** Concepts are alternatives (`or` in the query) rather than all required. */
  anyOf: boolean;
  /** Words no concept covered: an article found through MeSH must still contain them. */
  leftover: string;
  excluded: string[];
  /** Every descriptor of every concept, for the major-topic boost. */
  boostUis: string[];
  /**
   * A word the query requires is in no descriptor's words (`meshFacts`): no article can
   * match the query in its MeSH words, so a hit without it in its title matches in its summary only.
   */
  wordOutsideMesh: boolean;
  /**
   * The query with every word labelled B (`'x':B`): matched against the search document, the same
   * test as against its MeSH words alone, without copying them out per row (`meshMatches`). Null when
   * the query's text would not read back as a tsquery.
   */
  meshQuery: string | null;
}

export interface SearchFilters {
  source?: string;
  publicationType?: string;
  from?: string;
  to?: string;
}

/** Where the last page left off: its last hit's (rank, id), and the samples page 1 counted in, so every page counts alike. */
export interface RankPosition {
  rank: string;
  id: string;
  levels: SampleLevels;
}

export interface HitRow {
  id: string;
  source: string;
  external_id: string;
  title: string;
  authors: string[];
  journal: string | null;
  published_at: string | null;
  url: string | null;
  publication_types: string[];
  snippet: string;
  rank: string;
  /** Major topics first, then in the order the source listed them. */
  mesh_terms: { ui: string; name: string; major: boolean }[];
}

/**
 * The most an article's words count when its title does not match: the weight of the best part that
 * matches, MeSH (0.4) or else the summary (0.2). ts_rank of one word never exceeds the weight of the
 * part it is in; several words close together in a summary could add up past it, and must not
 * outweigh a MeSH match.
 */
const MESH_WORDS = 0.4;
const SUMMARY_WORDS = 0.2;
const HEADLINE_OPTIONS = 'StartSel=«, StopSel=», MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "';

const tsq = (plan: SearchPlan) => sql`websearch_to_tsquery('english', ${plan.text})`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Which articles the query finds, as disjoint conditions on one articles row: the full text, and
 * (when the query mapped to MeSH) a tag with the mapped concepts on an article the text missed (the
 * row's copy of its links). Each is answered by its own GIN index and the results are appended
 * (UNION ALL): one OR over both made PostgreSQL scan the whole table once hits were many.
 */
function matches(plan: SearchPlan): { index: 'text' | 'mesh'; where: SQL }[] {
  const byText = sql`a.search_vector @@ ${tsq(plan)}`;
  // A concept left with no descriptor tags nothing the text missed: with `or` it drops out, otherwise no tagged article can qualify.
  const concepts = plan.concepts.filter((c) => c.uis.length > 0);
  const text = { index: 'text' as const, where: byText };
  if (concepts.length === 0 || (!plan.anyOf && concepts.length < plan.concepts.length)) return [text];
  const tagged = concepts.map((c) => sql`a.mesh_uis && ${textArray(c.uis)}`);
  const conditions: SQL[] = [sql`(${sql.join(tagged, plan.anyOf ? sql` OR ` : sql` AND `)})`];
  if (!plan.anyOf && plan.leftover) conditions.push(sql`a.search_vector @@ plainto_tsquery('english', ${plan.leftover})`);
  if (plan.excluded.length) {
    conditions.push(sql`NOT (coalesce(a.search_vector, ''::tsvector) @@ websearch_to_tsquery('english', ${plan.excluded.join(' or ')}))`);
  }
  conditions.push(sql`NOT coalesce(${byText}, false)`);
  return [text, { index: 'mesh', where: sql.join(conditions, sql` AND `) }];
}

/**
 * The two faceted filters, in the form the search indexes answer (keys of `search_keys`, array
 * containment), so a filtered scan reads only the hits that pass them. Without the filter, `true`.
 */
const sourceOk = (filters: SearchFilters) =>
  filters.source ? sql`a.search_keys @> ${textArray([`source:${filters.source}`])}` : sql`true`;
const typeOk = (filters: SearchFilters) =>
  filters.publicationType ? sql`a.publication_types @> ${textArray([filters.publicationType])}` : sql`true`;

/**
 * The date range is not a facet: it narrows every count. It is checked on the hits the search index
 * found (`+ 0` keeps PostgreSQL from also reading the date index: ten years is a quarter of the corpus,
 * and intersecting that bitmap with a few thousand hits cost more than the search).
 */
function dateConditions(filters: SearchFilters): SQL {
  const out: SQL[] = [sql`true`];
  if (filters.from) out.push(sql`a.published_at + 0 >= ${filters.from}::date`);
  if (filters.to) out.push(sql`a.published_at + 0 <= ${filters.to}::date`);
  return sql.join(out, sql` AND `);
}

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
 * The whole query matches the title, as the title index answers it (articles_title_search_idx, on the
 * title's stored document: the weight-A part of the search document).
 */
const titleMatches = (plan: SearchPlan) => sql`a.title_vector @@ ${tsq(plan)}`;
/** The whole query matches the article's MeSH words (the weight-B part of its search document). */
const meshMatches = (plan: SearchPlan) =>
  plan.meshQuery === null
    ? sql`coalesce(ts_filter(a.search_vector, '{b}') @@ ${tsq(plan)}, false)`
    : sql`coalesce(a.search_vector @@ ${plan.meshQuery}::tsquery, false)`;
/** What an untitled article's words may count at most: MeSH's weight when they match there, else the summary's. */
const wordsCap = (plan: SearchPlan) => sql`CASE WHEN ${meshMatches(plan)} THEN ${num(MESH_WORDS)} ELSE ${num(SUMMARY_WORDS)} END`;

const plainSource = sql`a.search_keys && ${textArray(PLAIN_SOURCES.map((s) => `source:${s}`))}`;
const num = (value: number) => sql`${value}::float8`;

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
const recencyOf = (r: Ranking) => recencyFactor(num(r.recency), num(r.recencyHalfLife));

const topicMost = (plan: SearchPlan, r: Ranking) => (plan.boostUis.length ? Math.max(r.major, r.minor) : 0);

/**
 * The most a hit whose title lacks the query can score, with or without the plain-language factor
 * (every other one at its most): its words count 0.4, or 0.2 when a word of the query is in no descriptor.
 */
function mostWithoutTitle(plan: SearchPlan, { ranking: r, lay }: RankContext, plain: boolean): number {
  const words = r.text * (plan.wordOutsideMesh ? SUMMARY_WORDS : MESH_WORDS);
  return words + topicMost(plan, r) + (lay && plain ? r.plain : 0) + Math.max(r.guideline, r.review) + r.recency;
}

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

const hasFilters = (filters: SearchFilters) => Boolean(filters.source || filters.publicationType || filters.from || filters.to);

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

/**
 * `columns` of every article the plan finds among `where`, one indexed scan per way of matching (see
 * `matches`), in the sample of `level` (each way states it in the form of its own sample indexes).
 */
const hitsWhere = (plan: SearchPlan, columns: SQL, where: SQL, level = SAMPLE_LEVELS) =>
  sql.join(
    matches(plan).map(
      (match) => sql`SELECT ${columns} FROM articles a WHERE ${match.where} AND ${where} AND ${inSample(match.index, sql`a.id`, level)}`,
    ),
    sql` UNION ALL `,
  );

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

export const searchRepository = {
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

  /** The page's rows for `hits` (best first): summary columns, snippet and MeSH terms, in one statement. */
  async pageRows(db: DbOrTx, plan: SearchPlan, hits: RankedHit[]): Promise<HitRow[]> {
    if (hits.length === 0) return [];
    const [row] = await rowsOf<{ rows: HitRow[] | null }>(
      db,
      sql`
      SELECT json_agg(p ORDER BY p.ord) AS rows FROM (
        SELECT s.ord, a.id, a.source, a.external_id, a.title, a.authors, a.journal, a.published_at::text AS published_at, a.url,
          a.publication_types, s.rank,
          ts_headline('english', CASE WHEN a.summary = '' THEN a.title ELSE translate(a.summary, '«»', '""') END,
            ${tsq(plan)}, ${HEADLINE_OPTIONS}) AS snippet,
          coalesce((SELECT json_agg(json_build_object('ui', d.ui, 'name', d.name, 'major', am.major)
              ORDER BY am.major DESC, am.position, d.name)
            FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui WHERE am.article_id = a.id), '[]') AS mesh_terms
        FROM unnest(${sql.param(hits.map((h) => h.id))}::uuid[], ${sql.param(hits.map((h) => h.rank))}::text[]) WITH ORDINALITY
          AS s(id, rank, ord)
        JOIN articles a ON a.id = s.id) p`,
    );
    return (row?.rows ?? []).map(({ ord: _ord, ...hit }: HitRow & { ord?: number }) => hit);
  },

  /**
   * The descriptors among `uis` whose own words satisfy the query. Every article tagged with one
   * carries those words (weight B), so the full text finds it: looking for it among the tagged articles
   * the text missed would only read it and throw it away ("asthma" and Asthma, say).
   */
  async descriptorsFoundByText(db: DbOrTx, uis: string[], text: string): Promise<Set<string>> {
    if (uis.length === 0) return new Set();
    const rows = await rowsOf<{ ui: string }>(
      db,
      sql`
      SELECT d.ui FROM mesh_descriptors d
      WHERE d.ui = ANY(${textArray(uis)}) AND mesh_descriptor_words(d.name, d.entry_terms) @@ websearch_to_tsquery('english', ${text})`,
    );
    return new Set(rows.map((row) => row.ui));
  },

  /**
   * What the plan needs to know of the query's words and MeSH (SearchPlan): whether a word that the
   * all-words query requires (a lexeme of its index part, `querytree`) is in no descriptor's words
   * (unsure, so false, for a lexeme with a backslash, which does not quote as a tsquery), and the
   * query labelled B.
   */
  async meshFacts(
    db: DbOrTx,
    text: string,
    excluded: string[],
    anyOf: boolean,
  ): Promise<Pick<SearchPlan, 'wordOutsideMesh' | 'meshQuery'>> {
    const [row] = await rowsOf<{ query: string; tree: string; excluded: string[] }>(
      db,
      sql`SELECT q::text AS query, querytree(q) AS tree, tsvector_to_array(to_tsvector('english', ${excluded.join(' ')})) AS excluded
        FROM websearch_to_tsquery('english', ${text}) q`,
    );
    const query = row?.query ?? '';
    const meshQuery = query && !query.includes('\\') ? query.replace(/'((?:[^']|'')*)'/g, "'$1':B") : null;
    const left = new Set(row?.excluded ?? []);
    const lexemes = [...new Set([...(row?.tree ?? '').matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'")))].filter(
      (lexeme) => !left.has(lexeme) && !lexeme.includes('\\'),
    );
    if (anyOf || lexemes.length === 0) return { wordOutsideMesh: false, meshQuery };
    // One look-up per lexeme, each a constant the descriptors' word index answers: drawn from a list
    // (unnest), the lexeme made PostgreSQL compute every descriptor's words (0.6 s at full MeSH size).
    const missing = lexemes.map(
      (lexeme) =>
        sql`NOT EXISTS (SELECT 1 FROM mesh_descriptors d WHERE mesh_descriptor_words(d.name, d.entry_terms) @@ quote_literal(${lexeme})::tsquery)`,
    );
    const [outside] = await rowsOf<{ missing: boolean | null }>(db, sql`SELECT ${sql.join(missing, sql` OR `)} AS missing`);
    return { wordOutsideMesh: outside?.missing === true, meshQuery };
  },

  /** The MeSH terms of each article, major topics first, then in the order the source listed them. */
  async meshTermsOf(db: DbOrTx, articleIds: string[]) {
    if (articleIds.length === 0) return new Map<string, { ui: string; name: string; major: boolean }[]>();
    const rows = await rowsOf<{ article_id: string; ui: string; name: string; major: boolean }>(
      db,
      sql`
      SELECT am.article_id, d.ui, d.name, am.major FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui
      WHERE am.article_id = ANY(${sql.param(articleIds)}::uuid[])
      ORDER BY am.major DESC, am.position, d.name`,
    );
    const byArticle = new Map<string, { ui: string; name: string; major: boolean }[]>();
    for (const row of rows) {
      const list = byArticle.get(row.article_id) ?? [];
      list.push({ ui: row.ui, name: row.name, major: row.major });
      byArticle.set(row.article_id, list);
    }
    return byArticle;
  },

  async article(db: DbOrTx, id: string) {
    const [row] = await rowsOf<Omit<HitRow, 'snippet' | 'rank' | 'mesh_terms'> & { summary: string }>(
      db,
      sql`
      SELECT id, source, external_id, title, summary, authors, journal, published_at::text AS published_at, url, publication_types
      FROM articles WHERE id = ${id}::uuid`,
    );
    return row ?? null;
  },

  async descriptor(db: DbOrTx, ui: string) {
    const [row] = await rowsOf<{ ui: string; name: string; tree_numbers: string[]; scope_note: string; entry_terms: string[] }>(
      db,
      sql`SELECT ui, name, tree_numbers, scope_note, entry_terms FROM mesh_descriptors WHERE ui = ${ui}`,
    );
    return row ?? null;
  },
};
