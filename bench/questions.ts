/**
 * Everyday questions: `npm run bench:questions`. Asks every judged question of
 * bench/questions/judged.json (questions, plain symptom words, two concepts, misspellings, British and
 * American words, each with the demo article(s) a good answer shows) of the search page's ranking and
 * of Wink's offline answer, on a fresh embedded database holding the demo corpus and the vocabulary
 * the server loads by default (full MeSH 2024 with the lay vocabulary), and prints:
 *   - top 3: the share of questions whose first three search hits hold an acceptable article;
 *   - empty: the share whose search shows no article at all;
 *   - cited: the share whose Wink answer cites an acceptable article;
 * per kind and overall, then every miss with the first three titles and Wink's citations.
 *
 * Env: BENCH_QUESTIONS_MESH=demo for the demo vocabulary (665 descriptors; faster to load),
 * BENCH_QUESTIONS_FILE=<file> for another judged set, BENCH_QUESTIONS_VERBOSE=1 to print every question.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { openDatabase } from '../apps/server/src/db/client';
import { answer } from '../apps/server/src/plugins/app/healthbot/answer-engine';
import { SearchService } from '../apps/server/src/plugins/app/search/search-service';
import { loadCorpus, readDemoDescriptors } from '../apps/server/src/seed/corpus-loader';
import { loadFullVocabulary } from '../apps/server/src/seed/full-vocabulary';
import { runBench } from './lib/bench-run';
import { prepareDatabase } from '../apps/server/src/seed/prepare-database';

const FULL_MESH = process.env.BENCH_QUESTIONS_MESH !== 'demo';
const VERBOSE = process.env.BENCH_QUESTIONS_VERBOSE === '1';
const TOP = 3;

const judgedSchema = z.object({
  questions: z.array(z.object({ q: z.string().min(1), kind: z.string().min(1), accept: z.array(z.string().min(1)).min(1) })).min(1),
});

interface Outcome {
  q: string;
  kind: string;
  top3: boolean;
  empty: boolean;
  cited: boolean;
  titles: string[];
  citations: string[];
  mapping: string;
}

const percent = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

async function main(): Promise<number> {
  const file = process.env.BENCH_QUESTIONS_FILE || path.join(import.meta.dirname, 'questions', 'judged.json');
  const judged = judgedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const database = await openDatabase({ dataDir: null });
  try {
    await prepareDatabase(database);
    process.stdout.write(`Embedded database, ${FULL_MESH ? 'full MeSH 2024' : 'demo'} vocabulary and the demo corpus…`);
    if (FULL_MESH) await loadFullVocabulary(database.db, await readDemoDescriptors());
    await loadCorpus(database.db, undefined, { descriptors: !FULL_MESH });
    process.stdout.write(' loaded\n\n');
    const search = new SearchService(database.db);
    const outcomes: Outcome[] = [];
    for (const { q, kind, accept } of judged.questions) {
      const page = await search.search({ q });
      const top = page.data.slice(0, TOP);
      const wink = answer({ db: database.db, search, llm: null, paceMs: 0 }, q);
      let result = await wink.next();
      while (!result.done) result = await wink.next();
      const citedIds = await externalIds(
        search,
        result.value.citations.map((c) => c.article_id),
      );
      const outcome: Outcome = {
        q,
        kind,
        top3: top.some((hit) => accept.includes(hit.external_id)),
        empty: page.data.length === 0,
        cited: citedIds.some((id) => accept.includes(id)),
        titles: top.map((hit) => hit.title),
        citations: result.value.citations.map((c) => c.title),
        mapping: page.meta.mapping.map((m) => `${m.matched}→${m.name}`).join(', '),
      };
      outcomes.push(outcome);
      if (VERBOSE) console.log(`${outcome.top3 ? 'T' : '-'}${outcome.cited ? 'C' : '-'} ${q}`);
    }
    report(outcomes);
    return 0;
  } finally {
    await database.close();
  }
}

async function externalIds(search: SearchService, ids: string[]): Promise<string[]> {
  return Promise.all(ids.map(async (id) => (await search.article(id)).external_id));
}

function report(outcomes: Outcome[]): void {
  const kinds = [...new Set(outcomes.map((o) => o.kind))];
  const line = (label: string, list: Outcome[]) =>
    console.log(
      `${label.padEnd(12)} ${String(list.length).padStart(4)}   top 3 ${percent(list.filter((o) => o.top3).length, list.length).padStart(6)}` +
        `   empty ${percent(list.filter((o) => o.empty).length, list.length).padStart(6)}` +
        `   cited ${percent(list.filter((o) => o.cited).length, list.length).padStart(6)}`,
    );
  for (const kind of kinds)
    line(
      kind,
      outcomes.filter((o) => o.kind === kind),
    );
  line('all', outcomes);
  const misses = outcomes.filter((o) => !o.top3 || !o.cited);
  console.log(`\nMisses (${misses.length}): T = in the top 3, C = cited by Wink, E = empty page`);
  for (const o of misses) {
    console.log(`${o.top3 ? 'T' : '-'}${o.cited ? 'C' : '-'}${o.empty ? 'E' : '-'} ${o.q}   [${o.mapping}]`);
    console.log(`      top 3: ${o.titles.join(' | ') || '(none)'}`);
    console.log(`      Wink:  ${o.citations.join(' | ') || '(no citation)'}`);
  }
}

runBench(main);
