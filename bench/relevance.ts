/**
 * Ranking quality: `npm run bench:relevance`. Runs every judged query of bench/relevance/judgements.json
 * (lay and clinical, graded 0–3 over the demo corpus) through the search service on an embedded
 * database holding the demo corpus plus synthetic distractors (bench/lib/synthetic-corpus.ts: research
 * papers, MedlinePlus-like and curated-like pages built from the same descriptors, so they compete for
 * every query), and prints nDCG@10 per query and on average (lay, clinical, all).
 *
 * nDCG@10: DCG = Σ (2^grade − 1) / log2(position + 1) over the first 10 hits, divided by the DCG of the
 * ideal order of the judged grades. Unjudged hits (every synthetic article) count as 0.
 *
 * Env: BENCH_RELEVANCE_DISTRACTORS (20,000 synthetic articles; the same N gives the same corpus),
 * BENCH_RELEVANCE_MESH=full to rank over the full MeSH 2024 vocabulary (MESH_VOCABULARY=full) instead of
 * the demo one, BENCH_RELEVANCE_VERBOSE=1 to print each query's first 10 titles, BENCH_RELEVANCE_JUDGEMENTS=<file> for another set. Search settings (SEARCH_RANK_*,
 * SEARCH_HIT_BUDGET) are read from the environment as the server reads them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../apps/server/src/db/client';
import { SearchService } from '../apps/server/src/plugins/app/search/search-service';
import { rankingFromEnv } from '../apps/server/src/plugins/app/search/ranking';
import { loadCorpus, readDemoDescriptors } from '../apps/server/src/seed/corpus-loader';
import { loadFullVocabulary } from '../apps/server/src/seed/full-vocabulary';
import { runBench } from './lib/bench-run';
import { loadSyntheticCorpus } from './lib/synthetic-corpus';
import { prepareDatabase } from '../apps/server/src/seed/prepare-database';

const DISTRACTORS = Number(process.env.BENCH_RELEVANCE_DISTRACTORS || 20_000);
const VERBOSE = process.env.BENCH_RELEVANCE_VERBOSE === '1';
const FULL_MESH = process.env.BENCH_RELEVANCE_MESH === 'full';
const K = 10;

const judgementsSchema = z.object({
  queries: z
    .array(
      z.object({
        q: z.string().min(1),
        kind: z.enum(['lay', 'clinical']),
        grades: z.record(z.string(), z.number().int().min(0).max(3)),
      }),
    )
    .min(1),
});

/** nDCG@k of `ranked` (external ids, best first) against the judged `grades`. */
export function ndcg(ranked: string[], grades: Record<string, number>, k = K): number {
  const dcg = (gains: number[]) => gains.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => grades[id] ?? 0)) / ideal;
}

async function main(): Promise<number> {
  const judgements = judgementsSchema.parse(
    JSON.parse(
      await readFile(process.env.BENCH_RELEVANCE_JUDGEMENTS || path.join(import.meta.dirname, 'relevance', 'judgements.json'), 'utf8'),
    ),
  );
  const database = await openDatabase({ dataDir: null });
  try {
    await prepareDatabase(database);
    if (FULL_MESH) await loadFullVocabulary(database.db, await readDemoDescriptors());
    await loadCorpus(database.db, undefined, { descriptors: !FULL_MESH });
    process.stdout.write(
      `Embedded database (${FULL_MESH ? 'full MeSH 2024' : 'demo'} vocabulary): demo corpus plus ${DISTRACTORS.toLocaleString('en')} synthetic distractors…`,
    );
    await loadSyntheticCorpus(database.db, { articles: DISTRACTORS });
    process.stdout.write(' loaded\n\n');
    const hitBudget = Number(process.env.SEARCH_HIT_BUDGET || 2_000);
    const service = new SearchService(database.db, hitBudget, rankingFromEnv(process.env));
    const byKind: Record<string, number[]> = { lay: [], clinical: [] };
    for (const judged of judgements.queries) {
      const page = await service.search({ q: judged.q });
      const ids = page.data.map((hit) => hit.external_id);
      const score = ndcg(ids, judged.grades);
      byKind[judged.kind]!.push(score);
      console.log(`${score.toFixed(3)}  ${judged.kind.padEnd(8)} ${judged.q}`);
      if (VERBOSE)
        for (const hit of page.data.slice(0, K))
          console.log(`         ${judged.grades[hit.external_id] ?? 0} ${hit.source.padEnd(11)} ${hit.title}`);
    }
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
    const all = [...byKind.lay!, ...byKind.clinical!];
    console.log(
      `\nnDCG@${K}: lay ${mean(byKind.lay!).toFixed(3)} (${byKind.lay!.length} queries), clinical ${mean(byKind.clinical!).toFixed(3)} (${byKind.clinical!.length}), all ${mean(all).toFixed(3)} (${all.length})`,
    );
    const [counted] = ((await database.db.execute(sql`SELECT count(*)::int AS n FROM articles`)) as unknown as { rows: { n: number }[] })
      .rows;
    console.log(`over ${counted!.n.toLocaleString('en')} articles`);
    return 0;
  } finally {
    await database.close();
  }
}

runBench(main);
