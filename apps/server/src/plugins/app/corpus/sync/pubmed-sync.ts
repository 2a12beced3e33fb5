import type { Db } from '../../../../db/client';
import { articlesRepository, type ArticleInput } from '../articles-repository';
import { pubmedArticleFromXml, retractedByNotice } from '../importers/pubmed-xml';
import { createCountProgress, silentCountProgress } from '../progress';
import { EARLIEST_DAY, eutilsDay, nextDay, splitWindow } from './date-windows';
import { ESEARCH_LIMIT, type DateWindow, type Eutils, type SearchResult } from './eutils';
import { syncState, type SyncCounts, type SyncSummary } from './sync-state';

/** PubMed's own list of retracted papers: checked on every run for the corpus's articles, whichever query brought them. */
export const RETRACTED_TERM = '"retracted publication"[pt]';

/**
 * Where a PubMed run stands, saved with every batch: which search (`step`: the operator's queries in
 * order, then the retraction check), which window of revision dates, and the offset within it. The
 * revision dates asked for are fixed for the whole run (`since`..`until`), so a resumed run asks for
 * the same records.
 */
export interface PubmedCursor {
  queries: string[];
  since: string;
  until: string;
  step: number;
  window: DateWindow | null;
  retstart: number;
}

export interface PubmedSyncOptions {
  eutils: Eutils;
  queries: string[];
  batchSize: number;
  /** Records one search window may hold (PubMed's esearch stops at 10,000); tests lower it. */
  windowLimit?: number;
  progress?: boolean;
  now?: Date;
}

/** The operator's PUBMED_QUERIES, one query per `;`. */
export function parseQueries(value: string | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((q) => q.trim())
    .filter(Boolean);
}

/**
 * Brings the corpus up to date with the operator's PubMed queries: each search runs on NCBI's history
 * server in windows of revision dates small enough for esearch, and its records are fetched in batches
 * and upserted through the importer (new and revised records are written, identical ones left alone).
 * After a first complete run, a run asks only for records revised since the last one started. Each
 * batch is written with the cursor in one transaction, so a run cut anywhere resumes after its last
 * written batch and writes nothing twice. Finally PubMed's list of retracted papers flags the corpus's
 * articles it names, as do the retraction notices among the records fetched.
 */
export async function syncPubmed(db: Db, options: PubmedSyncOptions): Promise<SyncSummary> {
  const { eutils, queries, batchSize, windowLimit = ESEARCH_LIMIT } = options;
  const now = options.now ?? new Date();
  const { row, resumed } = await syncState.begin(db, 'pubmed', now);
  const saved = row.cursor as PubmedCursor | null;
  const sameQueries = saved && JSON.stringify(saved.queries) === JSON.stringify(queries);
  const cursor: PubmedCursor =
    resumed && sameQueries
      ? saved
      : {
          queries,
          since: row.completedFrom ? eutilsDay(row.completedFrom) : EARLIEST_DAY,
          until: eutilsDay(now),
          step: 0,
          window: null,
          retstart: 0,
        };
  const progress = options.progress ? createCountProgress('PubMed sync') : silentCountProgress;
  let done = 0;
  let total = 0;

  /** The windows of one search, each within the limit: a window holding more is split in halves. */
  async function* windows(term: string, window: DateWindow, ids: number): AsyncGenerator<{ window: DateWindow; search: SearchResult }> {
    const search = await eutils.search(term, window, ids);
    const halves = search.count > windowLimit ? splitWindow(window) : null;
    if (!halves) {
      yield { window, search };
      return;
    }
    yield* windows(term, halves[0], ids);
    yield* windows(term, halves[1], ids);
  }

  /** What is left of a search: the window the cursor names (where a cut run stopped), then the days after it. */
  async function* remaining(term: string, ids: number) {
    const start = cursor.window ?? { from: cursor.since, to: cursor.until };
    yield* windows(term, start, ids);
    if (start.to < cursor.until) yield* windows(term, { from: nextDay(start.to), to: cursor.until }, ids);
  }

  try {
    while (cursor.step <= queries.length) {
      const checkingRetractions = cursor.step === queries.length;
      const term = checkingRetractions ? RETRACTED_TERM : queries[cursor.step]!;
      const stoppedIn = cursor.window;
      const stoppedAt = cursor.retstart;
      for await (const { window, search } of remaining(term, checkingRetractions ? windowLimit : 0)) {
        const after = afterWindow(cursor, window);
        if (checkingRetractions) {
          await db.transaction(async (tx) => {
            const retracted = await articlesRepository.flagRetracted(tx, search.ids);
            await syncState.advance(tx, 'pubmed', { retracted }, after);
          });
          continue;
        }
        // Only a window found as it was when the run stopped resumes at its offset; any other starts at 0.
        const resumeAt = stoppedIn && stoppedIn.from === window.from && stoppedIn.to === window.to ? stoppedAt : 0;
        // A single day holding more than esearch hands out: its first records only, the rest counted as failed.
        const reachable = Math.min(search.count, windowLimit);
        total += Math.max(0, reachable - resumeAt);
        if (resumeAt >= reachable) await syncState.advance(db, 'pubmed', {}, after);
        for (let retstart = resumeAt; retstart < reachable; retstart += batchSize) {
          const records = await eutils.fetchBatch(search, retstart, Math.min(batchSize, reachable - retstart));
          const articles: ArticleInput[] = [];
          const noticed: string[] = [];
          let unreadable = 0;
          for (const record of records) {
            const article = pubmedArticleFromXml(record);
            if (article) articles.push(article);
            else unreadable++;
            noticed.push(...retractedByNotice(record));
          }
          const last = retstart + batchSize >= reachable;
          await db.transaction(async (tx) => {
            const counts = await articlesRepository.upsertArticles(tx, articles);
            const flagged = await articlesRepository.flagRetracted(tx, noticed);
            const batch: Partial<SyncCounts> = {
              added: counts.inserted,
              changed: counts.updated,
              unchanged: counts.unchanged,
              retracted: counts.retracted + flagged,
              failed: unreadable + (last ? search.count - reachable : 0),
            };
            await syncState.advance(tx, 'pubmed', batch, last ? after : { ...cursor, window, retstart: retstart + batchSize });
          });
          done += records.length;
          progress.update(done, total, term);
        }
      }
      Object.assign(cursor, { step: cursor.step + 1, window: null, retstart: 0 });
    }
    progress.done();
    await syncState.complete(db, 'pubmed', new Date(Date.parse(`${cursor.until.replace(/\//g, '-')}T00:00:00Z`)));
    return syncState.summary(db, 'pubmed', resumed, null);
  } catch (err) {
    progress.done();
    const message = err instanceof Error ? err.message : String(err);
    await syncState.fail(db, 'pubmed', message);
    return syncState.summary(db, 'pubmed', resumed, message);
  }
}

/** The cursor once a window is done: the days after it, or the next search after the last window. */
function afterWindow(cursor: PubmedCursor, window: DateWindow): PubmedCursor {
  if (window.to >= cursor.until) return { ...cursor, step: cursor.step + 1, window: null, retstart: 0 };
  return { ...cursor, window: { from: nextDay(window.to), to: cursor.until }, retstart: 0 };
}
