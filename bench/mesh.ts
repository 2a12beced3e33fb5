/**
 * The full MeSH vocabulary's costs: `npm run bench:mesh`. On the embedded database (PGlite), for the
 * full vocabulary (MESH_VOCABULARY=full, MeSH 2024) against the demo one:
 *   - first start of the server (its bundle, as `npm start` runs it) on an empty data folder (demo seeding included, as
 *     `npm start` does it; the web build and `npm install` excluded), until GET /api/ answers, and
 *     until the vocabulary's search indexes, built after the server listens, are ready;
 *   - a later start on the same folder;
 *   - the full vocabulary's starts against the demo one's in the same run (a loaded machine slows both);
 *   - the data folder's size, and the MeSH tables' share of it;
 *   - with the server stopped, in this process: suggestions (prefixes and typos), "did you mean"
 *     (misspelt queries), and the automatic term mapping a search does first (uncached), each
 *     query once to warm up then BENCH_MESH_REPEATS times (20).
 * Budgets (the full-vocabulary issue): suggest and did-you-mean p99 under 30 ms, mapping under 5 ms
 * per search; first start under 15 s, later starts under 3 s. Exits non-zero only when something is broken.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { SearchService } from '../apps/server/src/plugins/app/search/search-service';
import { runBench } from './lib/bench-run';
import { defer } from './lib/cleanup';
import { percentile } from './lib/measure';
import { startWinkServer } from './lib/servers';

const REPEATS = Math.max(1, Number(process.env.BENCH_MESH_REPEATS || 20));
const SUGGEST = ['a', 'he', 'asth', 'diab', 'heart at', 'high blo', 'migr', 'sore thr', 'kidney st', 'calcim', 'astma', 'diabetis', 'hart'];
const TYPOS = ['myocardail infarction', 'asthmaa', 'diabetis', 'hart atack', 'migrane', 'hypertensoin', 'brokn bone', 'ecxema'];
const MAPPED = [
  'heart attack',
  'high blood pressure',
  'asthma in children',
  'kidney stones',
  'sore throat',
  'type 2 diabetes diet',
  'shingles',
];

type Vocabulary = 'full' | 'demo';

interface StartFigures {
  firstMs: number;
  /** From the first start until the vocabulary's search indexes, built after listening, are ready. */
  indexesMs: number | null;
  nextMs: number;
  folderMb: number;
  meshMb: number;
}

const du = (dir: string) => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;

/** The line the server logs once the indexes a vocabulary load left for after listening are built. */
const INDEXES_BUILT = /MeSH vocabulary: \d+ search indexes built/;

async function starts(vocabulary: Vocabulary, dataDir: string): Promise<StartFigures> {
  // At `info` for the indexes' line; no line per request.
  const env = { DATA_DIR: dataDir, MESH_VOCABULARY: vocabulary, SEED_DEMO: '1', LOG_LEVEL: 'info', LOG_REQUESTS: '0' };
  const started = performance.now();
  const first = await startWinkServer({ env });
  const firstMs = performance.now() - started;
  let indexesMs: number | null = null;
  if (vocabulary === 'full') {
    while (!INDEXES_BUILT.test(first.output())) {
      if (performance.now() - started > 600_000) throw new Error(`the search indexes were not built in 10 minutes:\n${first.output()}`);
      await sleep(100);
    }
    indexesMs = performance.now() - started;
  }
  await first.stop();
  const nextStarted = performance.now();
  const next = await startWinkServer({ env });
  const nextMs = performance.now() - nextStarted;
  await next.stop();
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = (await database.db.execute(sql`
      SELECT sum(pg_total_relation_size(c))::float8 / 1048576 AS mb
      FROM unnest(ARRAY['mesh_descriptors', 'mesh_terms', 'mesh_words', 'mesh_word_uses', 'mesh_tree_numbers']::regclass[]) AS c`)) as unknown as {
      rows: { mb: number }[];
    };
    return { firstMs, indexesMs, nextMs, folderMb: du(dataDir), meshMb: rows[0]!.mb };
  } finally {
    await database.close();
  }
}

async function timeEach(queries: string[], run: (q: string) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (const q of queries) {
    await run(q);
    for (let i = 0; i < REPEATS; i++) {
      const started = performance.now();
      await run(q);
      samples.push(performance.now() - started);
    }
  }
  return samples.sort((a, b) => a - b);
}

async function latencies(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const service = new SearchService(database.db);
    return {
      suggest: await timeEach(SUGGEST, (q) => service.suggest(q)),
      // The steps of a search, timed alone: the same code the search runs, without its hits.
      didYouMean: await timeEach(TYPOS, (q) => service.correct(q)),
      mapping: await timeEach(MAPPED, (q) => service.map(q)),
    };
  } finally {
    await database.close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<number> {
  const results: Record<Vocabulary, StartFigures & Awaited<ReturnType<typeof latencies>>> = {} as never;
  for (const vocabulary of ['demo', 'full'] as const) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `wink-bench-mesh-${vocabulary}-`));
    defer(() => rmSync(dataDir, { recursive: true, force: true }));
    process.stdout.write(`${vocabulary} vocabulary: starting twice…`);
    const figures = await starts(vocabulary, dataDir);
    process.stdout.write(' timing suggestions, did you mean, mapping…');
    results[vocabulary] = { ...figures, ...(await latencies(dataDir)) };
    process.stdout.write(' done\n');
  }
  const { demo, full } = results;
  const row = (label: string, d: string, f: string, budget = '') => `  ${label.padEnd(26)} ${d.padStart(12)} ${f.padStart(12)}   ${budget}`;
  const p = (s: number[], q: number) => fmt(percentile(s, q));
  console.log(`\nMeSH vocabulary on the embedded database (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`);
  console.log(row('', 'demo', 'full', 'budget (full)'));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(row('first start', s(demo.firstMs), s(full.firstMs), '< 15 s'));
  console.log(row('search indexes ready', '', s(full.indexesMs!)));
  console.log(row('later start', s(demo.nextMs), s(full.nextMs), '< 3 s'));
  console.log(row('data folder', `${demo.folderMb.toFixed(0)} MB`, `${full.folderMb.toFixed(0)} MB`));
  console.log(row('MeSH tables', `${demo.meshMb.toFixed(1)} MB`, `${full.meshMb.toFixed(1)} MB`));
  for (const [label, key, budget] of [
    ['suggest', 'suggest', '< 30 ms'],
    ['did you mean', 'didYouMean', '< 30 ms'],
    ['mapping per search', 'mapping', '< 5 ms'],
  ] as const) {
    console.log(row(`${label} p50`, p(demo[key], 0.5), p(full[key], 0.5)));
    console.log(row(`${label} p99`, p(demo[key], 0.99), p(full[key], 0.99), budget));
  }
  // A shared machine's load stretches every figure; the demo vocabulary's start, in the same run, stretches alike.
  console.log(
    `\n  Full against demo vocabulary in this run: first start ×${(full.firstMs / demo.firstMs).toFixed(2)}, later start ×${(full.nextMs / demo.nextMs).toFixed(2)}.`,
  );
  console.log(
    `  Size the full vocabulary adds: ${(full.folderMb - demo.folderMb).toFixed(0)} MB of data folder, ${(full.meshMb - demo.meshMb).toFixed(0)} MB of tables.`,
  );
  return 0;
}

runBench(main);
