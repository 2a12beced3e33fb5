import { stat } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../../db/client';
import type { UpsertCounts } from '../articles-repository';
import { createProgress, silentProgress } from '../progress';
import { readXmlRecords, type XmlNode } from './xml-records';

export interface ImportSummary {
  /** Records of the expected kind found in the file. */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Records left out (no id or title, another language): counted, never fatal. */
  skipped: number;
  /** MeSH links to descriptors missing from the database. */
  skippedLinks: number;
  /** Articles the source marks retracted, flagged by this import. */
  retracted: number;
  ms: number;
}

export interface ImportOptions {
  batchSize?: number;
  /** Show a progress bar (only drawn when stderr is a terminal). */
  progress?: boolean;
}

export interface ImportSpec<T> {
  label: string;
  recordName: string;
  /** Turns one record into rows, or null to skip it. */
  map(node: XmlNode): T | null;
  upsert(db: DbOrTx, batch: T[]): Promise<UpsertCounts>;
}

/**
 * Streams a file record by record and upserts in batches, all inside one transaction: a file that
 * turns out to be malformed halfway rolls back everything it wrote, so the database is as it was.
 * Memory is bounded by the batch size, not the file; PostgreSQL and PGlite both hold a long
 * transaction without trouble (it only delays vacuum while it runs).
 */
export async function runImport<T>(db: Db, file: string, spec: ImportSpec<T>, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 500;
  const { size } = await stat(file);
  const summary: ImportSummary = { read: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, skippedLinks: 0, retracted: 0, ms: 0 };
  const progress = options.progress ? createProgress(spec.label, size) : silentProgress;
  let bytes = 0;

  try {
    await db.transaction(async (tx) => {
      let batch: T[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const counts = await spec.upsert(tx, batch);
        summary.inserted += counts.inserted;
        summary.updated += counts.updated;
        summary.unchanged += counts.unchanged;
        summary.skippedLinks += counts.skippedLinks;
        summary.retracted += counts.retracted;
        batch = [];
      };
      for await (const node of readXmlRecords(file, spec.recordName, { onBytes: (b) => (bytes = b) })) {
        summary.read++;
        const row = spec.map(node);
        if (row === null) summary.skipped++;
        else batch.push(row);
        if (batch.length >= batchSize) await flush();
        progress.update(bytes, summary.read);
      }
      await flush();
    });
  } finally {
    progress.done();
  }
  // Statistics for what just arrived: the embedded database has no autovacuum, and plans made on an
  // empty table's defaults stay slow (a thousand rows planned as none).
  if (summary.inserted + summary.updated > 0) await db.execute(sql`ANALYZE`);
  summary.ms = Date.now() - started;
  return summary;
}

export function formatSummary(label: string, s: ImportSummary): string {
  const parts = [
    `${s.read} records read`,
    `${s.inserted} inserted`,
    `${s.updated} updated`,
    `${s.unchanged} unchanged`,
    `${s.skipped} skipped`,
  ];
  if (s.retracted > 0) parts.push(`${s.retracted} flagged retracted`);
  if (s.skippedLinks > 0) parts.push(`${s.skippedLinks} ${s.skippedLinks === 1 ? 'link' : 'links'} to unknown MeSH descriptors skipped`);
  return `${label}: ${parts.join(', ')} in ${(s.ms / 1000).toFixed(1)} s.`;
}
