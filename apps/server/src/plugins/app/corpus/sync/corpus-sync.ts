import { CronExpressionParser } from 'cron-parser';
import type { Config } from '../../../../config';
import type { Db } from '../../../../db/client';
import type { CorpusSyncSource } from '../../../../db/schema/index';
import { Eutils } from './eutils';
import { syncMedlinePlus } from './medlineplus-sync';
import { PoliteFetch } from './polite-fetch';
import { parseQueries, syncPubmed } from './pubmed-sync';
import { syncState, SyncBusyError, type SyncRow, type SyncSummary } from './sync-state';

/** MedlinePlus publishes no rate limit; one request a second is gentle on a file a week. */
const MEDLINEPLUS_RATE = 1;

/** How long an unfinished run waits before the schedule tries it again (an upstream that is down stays down a while). */
const RETRY_UNFINISHED_MS = 60 * 60_000;

export const SYNC_SOURCES: CorpusSyncSource[] = ['pubmed', 'medlineplus'];

/** Whether the operator configured a source: nothing is ever contacted otherwise. */
export function syncEnabled(config: Config, source: CorpusSyncSource): boolean {
  return source === 'pubmed' ? parseQueries(config.PUBMED_QUERIES).length > 0 && Boolean(config.NCBI_EMAIL) : config.MEDLINEPLUS_SYNC;
}

export const syncCron = (config: Config, source: CorpusSyncSource) =>
  source === 'pubmed' ? config.PUBMED_SYNC_CRON : config.MEDLINEPLUS_SYNC_CRON;

const cronTimes = (cron: string, at: Date) => CronExpressionParser.parse(cron, { currentDate: at, tz: 'UTC' });

/** Options the tests (and the CLI's progress bar) pass through to the clients. */
export interface SyncRunOptions {
  progress?: boolean;
  /** Retry waits and timeouts, for tests that make the fake upstream fail. */
  http?: { backoffMs?: number; timeoutMs?: number; attempts?: number };
  windowLimit?: number;
  now?: Date;
}

export const syncNotConfigured = (source: CorpusSyncSource) =>
  source === 'pubmed'
    ? 'The PubMed sync is not configured: set PUBMED_QUERIES and NCBI_EMAIL.'
    : 'The MedlinePlus sync is not configured: set MEDLINEPLUS_SYNC=on.';

/** Runs one source's sync now, as configured (the CLI's sync:pubmed and sync:medlineplus, and the schedule). */
export function runSync(db: Db, config: Config, source: CorpusSyncSource, options: SyncRunOptions = {}): Promise<SyncSummary> {
  if (!syncEnabled(config, source)) throw new Error(syncNotConfigured(source));
  if (source === 'pubmed') {
    const eutils = new Eutils(
      { baseUrl: config.EUTILS_URL, tool: config.NCBI_TOOL, email: config.NCBI_EMAIL!, apiKey: config.NCBI_API_KEY },
      options.http,
    );
    return syncPubmed(db, {
      eutils,
      queries: parseQueries(config.PUBMED_QUERIES),
      batchSize: config.PUBMED_SYNC_BATCH,
      windowLimit: options.windowLimit,
      progress: options.progress,
      now: options.now,
    });
  }
  return syncMedlinePlus(db, {
    http: new PoliteFetch({ perSecond: MEDLINEPLUS_RATE, ...options.http }),
    indexUrl: config.MEDLINEPLUS_INDEX_URL,
    progress: options.progress,
    now: options.now,
  });
}

/**
 * Whether a source is due at `now`: configured, and its schedule has passed a time since its last run
 * started (a first run is due at once). A run that stopped unfinished (failed, or cut off with the
 * process) is due again an hour after it last moved, and resumes where it stopped.
 */
export function syncDue(config: Config, source: CorpusSyncSource, row: SyncRow | null, now: Date): boolean {
  if (!syncEnabled(config, source)) return false;
  if (!row) return true;
  if (row.status !== 'completed' && now.getTime() - row.updatedAt.getTime() >= RETRY_UNFINISHED_MS) return true;
  return cronTimes(syncCron(config, source), now).prev().toDate() > row.startedAt;
}

/**
 * The scheduled job's one entry point: runs every configured source that is due, one after the other,
 * and reports what each did. Safe to call as often as one likes (every few minutes, or at the cron
 * times): a source not due is skipped, and a source another process is syncing is left to it.
 */
export async function runScheduledSync(
  db: Db,
  config: Config,
  options: SyncRunOptions = {},
): Promise<Partial<Record<CorpusSyncSource, SyncSummary | 'busy'>>> {
  const now = options.now ?? new Date();
  const done: Partial<Record<CorpusSyncSource, SyncSummary | 'busy'>> = {};
  for (const source of SYNC_SOURCES) {
    if (!syncDue(config, source, await syncState.get(db, source), now)) continue;
    try {
      done[source] = await runSync(db, config, source, options);
    } catch (err) {
      if (!(err instanceof SyncBusyError)) throw err;
      done[source] = 'busy';
    }
  }
  return done;
}

/** One source's line of the operator's view (sync:status, the admin console). */
export interface SyncStatus {
  source: CorpusSyncSource;
  enabled: boolean;
  schedule: string;
  status: 'never' | SyncRow['status'];
  lastRunAt: Date | null;
  finishedAt: Date | null;
  added: number;
  changed: number;
  retracted: number;
  retired: number;
  failed: number;
  error: string | null;
  /** When the schedule next runs it; null when the source is not configured. */
  nextRunAt: Date | null;
}

export async function syncStatus(db: Db, config: Config, now = new Date()): Promise<SyncStatus[]> {
  const rows = new Map((await syncState.all(db)).map((row) => [row.source, row]));
  return SYNC_SOURCES.map((source) => {
    const row = rows.get(source);
    const enabled = syncEnabled(config, source);
    return {
      source,
      enabled,
      schedule: syncCron(config, source),
      status: row?.status ?? 'never',
      lastRunAt: row?.startedAt ?? null,
      finishedAt: row?.finishedAt ?? null,
      added: row?.added ?? 0,
      changed: row?.changed ?? 0,
      retracted: row?.retracted ?? 0,
      retired: row?.retired ?? 0,
      failed: row?.failed ?? 0,
      error: row?.error ?? null,
      nextRunAt: enabled ? cronTimes(syncCron(config, source), now).next().toDate() : null,
    };
  });
}

/** How often the job queue asks whether a sync is due; each source's own cron says when it is. */
export const SYNC_TICK_CRON = '*/15 * * * *';

let inFlight: Promise<unknown> | null = null;

/**
 * What the job queue's schedule calls every SYNC_TICK_CRON: starts runScheduledSync in the background
 * and returns at once, because a sync outlasts a job's timeout by hours. One at a time per process;
 * another process's run is told by its row (runScheduledSync skips it). A process that dies mid-run
 * leaves its row unfinished, and a later tick resumes it.
 */
export function startScheduledSync(
  db: Db,
  config: Config,
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
): void {
  if (inFlight || !SYNC_SOURCES.some((source) => syncEnabled(config, source))) return;
  inFlight = runScheduledSync(db, config)
    .then((done) => {
      for (const [source, summary] of Object.entries(done)) log.info({ source, summary }, 'corpus sync run');
    })
    .catch((err: unknown) => log.warn({ err }, 'corpus sync could not run'))
    .finally(() => {
      inFlight = null;
    });
}

/** The background run startScheduledSync began, if any (tests wait for it). */
export const scheduledSyncSettled = (): Promise<unknown> => inFlight ?? Promise.resolve();
