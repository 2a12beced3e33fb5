import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { corpusSync, type CorpusSyncSource } from '../../../../db/schema/index';

export type SyncRow = typeof corpusSync.$inferSelect;

/** What one batch (or a whole import) adds to a run's figures. */
export interface SyncCounts {
  added: number;
  changed: number;
  unchanged: number;
  retracted: number;
  retired: number;
  failed: number;
}

/** What a run reports when it ends: the figures of the whole run, a resumed one's earlier part included. */
export interface SyncSummary extends SyncCounts {
  resumed: boolean;
  status: 'completed' | 'failed';
  error: string | null;
}

export const noCounts = (): SyncCounts => ({ added: 0, changed: 0, unchanged: 0, retracted: 0, retired: 0, failed: 0 });

/** Another process is running this sync (its row was touched within this window). */
const BUSY_MS = 15 * 60_000;

export class SyncBusyError extends Error {
  constructor(source: CorpusSyncSource) {
    super(`A ${source} sync is already running (started by another process); try again when it has finished.`);
    this.name = 'SyncBusyError';
  }
}

/** The corpus_sync rows: a run's start (or resumption), its progress batch by batch, and its end. */
export const syncState = {
  async get(db: DbOrTx, source: CorpusSyncSource): Promise<SyncRow | null> {
    const [row] = await db.select().from(corpusSync).where(eq(corpusSync.source, source));
    return row ?? null;
  },

  async all(db: DbOrTx): Promise<SyncRow[]> {
    return db.select().from(corpusSync);
  },

  /**
   * Starts a run, or resumes the one that stopped with a cursor (cut off, or failed after its retries):
   * its figures go on from where they were. A run another process touched in the last minutes is left
   * alone. Returns the row as the run starts it.
   */
  async begin(db: DbOrTx, source: CorpusSyncSource, now = new Date()): Promise<{ row: SyncRow; resumed: boolean }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`corpus_sync:${source}`}))`);
      const old = await syncState.get(tx, source);
      if (old?.status === 'running' && now.getTime() - old.updatedAt.getTime() < BUSY_MS) throw new SyncBusyError(source);
      const resumed = old !== null && old.cursor !== null && old.status !== 'completed';
      const fresh = { ...noCounts(), startedAt: now, finishedAt: null, error: null, cursor: null };
      const values = { source, status: 'running' as const, updatedAt: now, ...(resumed ? {} : fresh) };
      const [row] = await tx
        .insert(corpusSync)
        .values({ ...fresh, ...values })
        .onConflictDoUpdate({ target: corpusSync.source, set: values })
        .returning();
      return { row: row!, resumed };
    });
  },

  /** Adds a batch's figures and moves the cursor, in the transaction that wrote the batch. */
  async advance(tx: DbOrTx, source: CorpusSyncSource, counts: Partial<SyncCounts>, cursor: unknown): Promise<void> {
    const add = (column: keyof SyncCounts) => sql`${corpusSync[column]} + ${counts[column] ?? 0}`;
    await tx
      .update(corpusSync)
      .set({
        added: add('added'),
        changed: add('changed'),
        unchanged: add('unchanged'),
        retracted: add('retracted'),
        retired: add('retired'),
        failed: add('failed'),
        cursor: cursor as object | null,
        updatedAt: new Date(),
      })
      .where(eq(corpusSync.source, source));
  },

  async complete(db: DbOrTx, source: CorpusSyncSource, completedFrom: Date | null): Promise<void> {
    const now = new Date();
    await db
      .update(corpusSync)
      .set({ status: 'completed', finishedAt: now, cursor: null, error: null, updatedAt: now, ...(completedFrom ? { completedFrom } : {}) })
      .where(eq(corpusSync.source, source));
  },

  /** The run stops with its cursor kept: the next run resumes there. */
  async fail(db: DbOrTx, source: CorpusSyncSource, error: string): Promise<void> {
    const now = new Date();
    await db
      .update(corpusSync)
      .set({ status: 'failed', finishedAt: now, error, failed: sql`${corpusSync.failed} + 1`, updatedAt: now })
      .where(eq(corpusSync.source, source));
  },

  /** A run's figures as its caller reports them. */
  async summary(db: DbOrTx, source: CorpusSyncSource, resumed: boolean, error: string | null): Promise<SyncSummary> {
    const row = await syncState.get(db, source);
    const counts = row
      ? {
          added: row.added,
          changed: row.changed,
          unchanged: row.unchanged,
          retracted: row.retracted,
          retired: row.retired,
          failed: row.failed,
        }
      : noCounts();
    return { ...counts, resumed, status: error ? 'failed' : 'completed', error };
  },
};
