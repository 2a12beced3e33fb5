/**
 * Lay queries to MeSH: `npm run bench:vocabulary`. Loads the shipped vocabulary (the corpus in
 * apps/server/src/seed/corpus, or BENCH_VOCABULARY_CORPUS_DIR) and the lay vocabulary into an
 * in-memory database, then runs the everyday queries of bench/vocabulary/lay-queries.json (written
 * before the lay vocabulary and the corrections were tuned, each with the descriptor a librarian
 * would pick) through search as a person would, and reports:
 *   - mapping: the share of queries whose mapping (after any spelling correction search applies)
 *     includes the expected descriptor, over all queries and over those whose descriptor is loaded;
 *     and every miss, with what the query mapped to instead;
 *   - timings, each query BENCH_VOCABULARY_REPEATS (5) times after a warm-up: the mapping alone (the
 *     overhead term mapping adds to a search), suggestions for the first letters, and the spelling
 *     correction of the typo queries ("did you mean" or applied). Budgets (the lay-language issue):
 *     mapping 95% or more, suggest and correction p99 under 30 ms, mapping overhead under 5 ms.
 * BENCH_VOCABULARY_MESH=full measures over the full MeSH vocabulary (what `npm start` loads) instead of
 * the demo corpus's 665 descriptors.
 * Exits non-zero only when something is broken, never on a low figure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { SearchService } from '../apps/server/src/plugins/app/search/search-service';
import { CORPUS_DIR, loadCorpus } from '../apps/server/src/seed/corpus-loader';
import { seedVocabulary } from '../apps/server/src/seed/seed';
import { runBench } from './lib/bench-run';
import { percentile } from './lib/measure';
import { prepareDatabase } from '../apps/server/src/seed/prepare-database';

interface LayQuery {
  query: string;
  expected_ui: string;
  expected_name: string;
  kind: 'lay' | 'abbreviation' | 'typo';
}

const QUERIES: LayQuery[] = JSON.parse(readFileSync(path.join(import.meta.dirname, 'vocabulary', 'lay-queries.json'), 'utf8'));
const REPEATS = Math.max(1, Number(process.env.BENCH_VOCABULARY_REPEATS || 5));
const BUDGET = { mapping: 95, suggestP99: 30, correctionP99: 30, overheadP50: 5 };

const pct = (n: number, of: number) => (of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(1)}%`);
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function timed(samples: number[], run: () => Promise<unknown>) {
  await run();
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
}

function stats(label: string, samples: number[], budget?: { p: 'p50' | 'p99'; ms: number }) {
  const sorted = samples.slice().sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  const mark = budget ? ((budget.p === 'p50' ? p50 : p99) < budget.ms ? `  within ${budget.ms} ms` : `  OVER ${budget.ms} ms`) : '';
  console.log(`  ${label.padEnd(34)} p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}  (${sorted.length} samples)${mark}`);
}

async function main(): Promise<number> {
  const database = await openDatabase({ dataDir: null });
  await prepareDatabase(database);
  // The full MeSH vocabulary first when asked (as `npm start` loads it), the corpus then brings articles only.
  const full = process.env.BENCH_VOCABULARY_MESH === 'full' ? await seedVocabulary(database.db, 'full') : null;
  if (full) console.log(`Full MeSH vocabulary: ${full}`);
  const loaded = await loadCorpus(database.db, process.env.BENCH_VOCABULARY_CORPUS_DIR || CORPUS_DIR, { descriptors: !full });
  const lay = (
    (await database.db.execute(
      sql`SELECT count(*)::int AS terms, count(d.ui)::int AS usable FROM mesh_lay_terms l LEFT JOIN mesh_descriptors d ON d.ui = l.descriptor_ui`,
    )) as unknown as { rows: { terms: number; usable: number }[] }
  ).rows[0]!;
  const present = new Set(
    ((await database.db.execute(sql`SELECT ui FROM mesh_descriptors`)) as unknown as { rows: { ui: string }[] }).rows.map((r) => r.ui),
  );
  console.log(`Vocabulary: ${present.size} MeSH descriptors, ${loaded?.articles ?? 0} articles`);
  console.log(`Lay vocabulary: ${lay.terms} terms, ${lay.usable} point at loaded descriptors (${lay.terms - lay.usable} skipped)`);

  const service = new SearchService(database.db);
  const misses: string[] = [];
  const byKind = new Map<string, { hit: number; all: number; loadedHit: number; loaded: number }>();
  for (const q of QUERIES) {
    const res = await service.search({ q: q.query });
    const uis = res.meta.mapping.map((m) => m.ui);
    const hit = uis.includes(q.expected_ui);
    const isLoaded = present.has(q.expected_ui);
    const k = byKind.get(q.kind) ?? { hit: 0, all: 0, loadedHit: 0, loaded: 0 };
    k.all++;
    if (hit) k.hit++;
    if (isLoaded) {
      k.loaded++;
      if (hit) k.loadedHit++;
    }
    byKind.set(q.kind, k);
    if (!hit) {
      const got = res.meta.mapping.map((m) => m.name).join(', ') || 'nothing';
      const fix = res.meta.correction
        ? ` (corrected to "${res.meta.correction.searched}")`
        : res.meta.did_you_mean
          ? ` (did you mean "${res.meta.did_you_mean}")`
          : '';
      misses.push(`  ${isLoaded ? ' ' : '-'} ${q.query} -> ${got}${fix}; expected ${q.expected_name} ${q.expected_ui}`);
    }
  }
  const sum = (f: (k: { hit: number; all: number; loadedHit: number; loaded: number }) => number) =>
    [...byKind.values()].reduce((n, k) => n + f(k), 0);
  console.log(`\nMapping (${QUERIES.length} lay queries, bench/vocabulary/lay-queries.json):`);
  for (const [kind, k] of byKind) {
    console.log(
      `  ${kind.padEnd(13)} ${pct(k.hit, k.all).padStart(6)} of ${k.all}; ${pct(k.loadedHit, k.loaded).padStart(6)} of the ${k.loaded} whose descriptor is loaded`,
    );
  }
  const loadedShare = (100 * sum((k) => k.loadedHit)) / sum((k) => k.loaded);
  console.log(
    `  all           ${pct(
      sum((k) => k.hit),
      sum((k) => k.all),
    ).padStart(6)} of ${sum((k) => k.all)}`,
  );
  console.log(
    `  loaded        ${pct(
      sum((k) => k.loadedHit),
      sum((k) => k.loaded),
    ).padStart(6)} of ${sum((k) => k.loaded)} whose descriptor is in the loaded MeSH` +
      (loadedShare >= BUDGET.mapping ? `  (aim ${BUDGET.mapping}%: met)` : `  (aim ${BUDGET.mapping}%: NOT met)`),
  );
  console.log(`\nMisses (- = the expected descriptor is not in the loaded MeSH):\n${misses.join('\n') || '  none'}`);

  const mapping: number[] = [];
  const suggest: number[] = [];
  const correction: number[] = [];
  for (const q of QUERIES) {
    await timed(mapping, () => service.map(q.query));
    await timed(suggest, () => service.suggest(q.query.slice(0, Math.max(3, Math.ceil(q.query.length / 2)))));
    if (q.kind === 'typo') await timed(correction, () => service.correct(q.query));
  }
  console.log(`\nTimings (PGlite in memory, one at a time, ${REPEATS} repeats after a warm-up):`);
  stats('mapping (overhead per search)', mapping, { p: 'p50', ms: BUDGET.overheadP50 });
  stats('suggest (first letters)', suggest, { p: 'p99', ms: BUDGET.suggestP99 });
  stats('spelling correction (typos)', correction, { p: 'p99', ms: BUDGET.correctionP99 });
  await database.close();
  return 0;
}

runBench(main);
