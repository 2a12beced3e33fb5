import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../../../db/client';
import { articlesRepository } from '../articles-repository';
import { medlinePlusTopicFromXml } from '../importers/medlineplus-xml';
import { runImport } from '../importers/run-import';
import { UpstreamError, type PoliteFetch } from './polite-fetch';
import { syncState, type SyncSummary } from './sync-state';

/** MedlinePlus's health-topic file as its index of current files names it: mplus_topics_YYYY-MM-DD.xml. */
const TOPICS_FILE = /href\s*=\s*["']([^"']*?mplus_topics_(\d{4}-\d{2}-\d{2})\.xml)["']/gi;

/**
 * The newest health-topic file the index page links to (English and Spanish topics are in the one
 * file; the compressed copy and the topic-group file are other names), as an absolute address.
 */
export function newestTopicsFile(indexHtml: string, indexUrl: string): { url: string; date: string } | null {
  let newest: { url: string; date: string } | null = null;
  for (const [, href, date] of indexHtml.matchAll(TOPICS_FILE)) {
    if (!newest || date! > newest.date) newest = { url: new URL(href!, indexUrl).toString(), date: date! };
  }
  return newest;
}

/**
 * Taking out this share of the live topics or more in one run is refused: a file that lost half of
 * MedlinePlus is more likely broken upstream than half of MedlinePlus retired.
 */
const MAX_RETIRED_SHARE = 0.5;

export interface MedlinePlusSyncOptions {
  http: PoliteFetch;
  indexUrl: string;
  progress?: boolean;
  now?: Date;
}

/**
 * Follows MedlinePlus: finds the current health-topic file on NLM's index page, imports it through the
 * importer (one transaction: a broken file changes nothing), then retires the topics the file no longer
 * holds, so that a page MedlinePlus took down does not stay live here. Spanish topics are read and left
 * out, as the importer does (search reads English).
 */
export async function syncMedlinePlus(db: Db, options: MedlinePlusSyncOptions): Promise<SyncSummary> {
  await syncState.begin(db, 'medlineplus', options.now);
  const folder = await mkdtemp(path.join(tmpdir(), 'wink-medlineplus-'));
  try {
    const file = await options.http.get(new URL(options.indexUrl), (html) => newestTopicsFile(html, options.indexUrl));
    if (!file) throw new UpstreamError(`${options.indexUrl} links to no mplus_topics_YYYY-MM-DD.xml file`, null);
    const local = path.join(folder, path.basename(new URL(file.url).pathname));
    // The whole file (about 30 MB) is held once: a body cut short is told by its missing end and fetched again.
    await options.http.get(new URL(file.url), async (body) => {
      if (!/<\/health-topics>\s*$/.test(body)) throw new UpstreamError(`${file.url} ended before </health-topics>`, null);
      await writeFile(local, body);
    });

    const published = new Set<string>();
    const summary = await runImport(
      db,
      local,
      {
        label: `MedlinePlus topics ${file.date}`,
        recordName: 'health-topic',
        map: (node) => {
          const topic = medlinePlusTopicFromXml(node);
          if (topic) published.add(topic.externalId);
          return topic;
        },
        upsert: (tx, batch) => articlesRepository.upsertArticles(tx, batch),
      },
      { progress: options.progress },
    );

    await syncState.advance(db, 'medlineplus', { added: summary.inserted, changed: summary.updated, unchanged: summary.unchanged }, null);

    const gone = await articlesRepository.unpublished(db, 'medlineplus', published);
    if (published.size === 0 || gone.length >= (gone.length + published.size) * MAX_RETIRED_SHARE) {
      throw new UpstreamError(
        `${file.url} leaves out ${gone.length} of the corpus's MedlinePlus topics: too many to retire at once, none were`,
        null,
      );
    }
    await db.transaction(async (tx) => {
      await articlesRepository.remove(
        tx,
        gone.map((topic) => topic.id),
      );
      await syncState.advance(tx, 'medlineplus', { retired: gone.length }, null);
    });
    await syncState.complete(db, 'medlineplus', null);
    return syncState.summary(db, 'medlineplus', false, null);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await syncState.fail(db, 'medlineplus', message);
    return syncState.summary(db, 'medlineplus', false, message);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
