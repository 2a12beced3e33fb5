import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which upstream a sync follows. */
export type CorpusSyncSource = 'pubmed' | 'medlineplus';

/**
 * One row per upstream the corpus follows (plugins/app/corpus/sync): its last run's figures, and where
 * an unfinished run stopped, so that the next run goes on from there instead of starting over.
 */
export const corpusSync = pgTable('corpus_sync', {
  source: text('source').$type<CorpusSyncSource>().primaryKey(),
  /** running, completed or failed (a run cut short by a crash stays "running" until the next one resumes it). */
  status: text('status').$type<'running' | 'completed' | 'failed'>().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  added: integer('added').notNull().default(0),
  changed: integer('changed').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  retracted: integer('retracted').notNull().default(0),
  /** MedlinePlus topics no longer published, taken out of the corpus. */
  retired: integer('retired').notNull().default(0),
  /** Records that could not be read or requests that still failed after their retries. */
  failed: integer('failed').notNull().default(0),
  error: text('error'),
  /** Where an unfinished run stands (PubMed: query, offset, history server key); null once it completed. */
  cursor: jsonb('cursor').$type<unknown>(),
  /** PubMed: when the last completed run started; the next run asks only for records revised since. */
  completedFrom: timestamp('completed_from', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
