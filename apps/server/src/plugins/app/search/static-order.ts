import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { RANK_GROUPS } from '../../../db/schema/articles';
import type { Ranking } from './ranking';

/**
 * Summary hits, read in static order. A hit found only in its summary scores its words (at most the
 * summary's weight, 0.2, times the text weight), its topic factor and its article's own factors:
 * plain-language source, publication type and recency. Those own factors are one of six values per
 * static rank group (articles.rank_group) plus recency, which only falls with age; so reading each
 * group newest first (articles_static_order_idx) reads its articles by descending "most they can
 * score". Each window of rows is checked against the query and its hits ranked exactly; a group is
 * done once the page is full and its last hit beats the most the group's next row could score, and
 * groups whose best could not enter the page are never read. "quality of life" in summaries at a
 * million articles reads a few hundred rows instead of ranking 97,000 hits.
 *
 * That pays only when hits are common among the rows: when fewer than one row in
 * `RARE_HITS` is a hit, the reader gives up (null) and the caller ranks the tier through the search
 * index instead, which reads hits only.
 */

/** A hit's id and its Best Match score, as the rounded numeric's text (what cursors carry). */
export interface RankedHit {
  id: string;
  rank: string;
}

/** The first `size` of `hits` by Best Match: score, then id, both descending (the cursors' order). */
export const bestOf = (hits: RankedHit[], size: number) =>
  hits.sort((x, y) => Number(y.rank) - Number(x.rank) || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0)).slice(0, size);

export interface RankGroup {
  group: number;
  /** What the group's own factors add, but recency. */
  base: number;
}

/** The six rank groups (or those of one source kind), best first, with their weights for a (lay or not) query. */
export function rankGroups(r: Ranking, lay: boolean, plainOnly: boolean | null): RankGroup[] {
  const out: RankGroup[] = [];
  for (const plain of [true, false]) {
    if (plainOnly !== null && plain !== plainOnly) continue;
    const kinds: [number, number][] = [
      [RANK_GROUPS.guideline, r.guideline],
      [RANK_GROUPS.review, r.review],
      [0, 0],
    ];
    for (const [kind, weight] of kinds) {
      out.push({ group: (plain ? RANK_GROUPS.plain : 0) + kind, base: (lay && plain ? r.plain : 0) + weight });
    }
  }
  return out.sort((x, y) => y.base - x.base);
}

export interface StaticOrderRead {
  groups: RankGroup[];
  /** The most a hit holds beyond its group's own factors and recency: its words and topic at their most. */
  wordsAndTopicMost: number;
  /** The most recency can add (its weight). */
  recencyMost: number;
  /** Whether row `a` is a hit of the tier (filters included), its score, and its recency factor (null without a date). */
  hit: SQL;
  score: SQL;
  recency: SQL;
  size: number;
  /** The best hits so far (of earlier tiers); the result merges into them. */
  best: RankedHit[];
  /** Whether a hit belongs on the page asked for (after the cursor's position). */
  keep: (hit: RankedHit) => boolean;
}

const FIRST_WINDOW = 256;
const LAST_WINDOW = 4096;
/** Below one hit in this many rows read, the search index finds the tier's hits for less. */
const RARE_HITS = 32;
/** Rows read before the share of hits is judged: the first window (a query with no summary hits at all costs one). */
const JUDGED_AFTER = FIRST_WINDOW;
/** Scores are rounded to 6 decimals: a margin above that rounding. */
const ROUNDING = 1e-6;

interface WindowRow {
  id: string;
  published_at: string | null;
  recency: number | string | null;
  rank: string | null;
}

/** Reads the tier's hits in static order (see the file comment); null when hits are too rare among the rows. */
export async function readByStaticOrder(db: DbOrTx, read: StaticOrderRead): Promise<RankedHit[] | null> {
  let best = read.best;
  const settledAbove = (most: number) => best.length === read.size && Number(best[read.size - 1]!.rank) > most + ROUNDING;
  let rowsRead = 0;
  let hitsRead = 0;
  for (const group of read.groups) {
    if (settledAbove(read.wordsAndTopicMost + group.base + read.recencyMost)) break;
    // Dated rows newest first, then the undated ones (no recency), each phase by keyset.
    for (const dated of [true, false]) {
      let last: WindowRow | null = null;
      for (let limit = FIRST_WINDOW; ; limit = Math.min(limit * 2, LAST_WINDOW)) {
        const keyset = dated
          ? last
            ? sql`(a.published_at, a.id) < (${last.published_at}::date, ${last.id}::uuid)`
            : sql`a.published_at IS NOT NULL`
          : last
            ? sql`a.published_at IS NULL AND a.id < ${last.id}::uuid`
            : sql`a.published_at IS NULL`;
        const rows: WindowRow[] = await rowsOf<WindowRow>(
          db,
          sql`
          SELECT a.id, a.published_at::text AS published_at, ${read.recency} AS recency,
            CASE WHEN ${read.hit} THEN (${read.score})::text END AS rank
          FROM articles a WHERE a.rank_group = ${group.group} AND ${keyset}
          ORDER BY a.published_at DESC NULLS LAST, a.id DESC LIMIT ${limit}`,
        );
        const hits = rows.filter((row) => row.rank !== null).map((row) => ({ id: row.id, rank: row.rank! }));
        rowsRead += rows.length;
        hitsRead += hits.length;
        best = bestOf([...best, ...hits.filter(read.keep)], read.size);
        if (rowsRead >= JUDGED_AFTER && hitsRead * RARE_HITS < rowsRead) return null;
        if (rows.length < limit) break;
        last = rows[rows.length - 1]!;
        // Every later row of this phase is no newer than the last one read.
        if (settledAbove(read.wordsAndTopicMost + group.base + (dated ? Number(last.recency ?? 0) : 0))) break;
      }
      // The undated rows can add no recency.
      if (dated && settledAbove(read.wordsAndTopicMost + group.base)) break;
    }
  }
  return best;
}
