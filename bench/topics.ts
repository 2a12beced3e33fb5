/**
 * Automatic topics of a discussion: `npm run bench:topics`. Loads the shipped vocabulary (the full MeSH
 * vocabulary, as `npm start` does; BENCH_TOPICS_MESH=demo for the demo corpus's 665 descriptors) and
 * the lay vocabulary into an in-memory database, then suggests topics for each discussion of
 * bench/topics/discussions.json (titles and texts as people write them, written before the suggestions
 * were tuned, each with the descriptors a librarian would accept) and reports:
 *   - precision: the share of suggested topics that are acceptable (aim: 90% or more);
 *   - recall: the share of discussions with a health subject that get at least one acceptable topic;
 *   - quiet: the discussions without a health subject that get no topic (aim: all of them);
 *   - every wrong suggestion and every discussion left without a topic it should have had.
 * Exits non-zero only when something is broken, never on a low figure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client';
import { SearchService } from '../apps/server/src/plugins/app/search/search-service';
import { suggestTopics } from '../apps/server/src/plugins/app/topics/topic-suggestions';
import { loadCorpus } from '../apps/server/src/seed/corpus-loader';
import { seedVocabulary } from '../apps/server/src/seed/seed';
import { runBench } from './lib/bench-run';
import { prepareDatabase } from '../apps/server/src/seed/prepare-database';

interface JudgedDiscussion {
  title: string;
  body: string;
  acceptable: { ui: string; name: string }[];
}

const JUDGED: JudgedDiscussion[] = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'topics', 'discussions.json'), 'utf8')) as { discussions: JudgedDiscussion[] }
).discussions;
const AIM_PRECISION = 90;

const pct = (n: number, of: number) => (of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(1)}%`);

async function main(): Promise<number> {
  const database = await openDatabase({ dataDir: null });
  await prepareDatabase(database);
  const full = process.env.BENCH_TOPICS_MESH === 'demo' ? null : await seedVocabulary(database.db, 'full');
  if (full) console.log(`Full MeSH vocabulary: ${full}`);
  await loadCorpus(database.db, undefined, { descriptors: !full });
  const search = new SearchService(database.db);

  let suggested = 0;
  let right = 0;
  let withSubject = 0;
  let found = 0;
  let withoutSubject = 0;
  let quiet = 0;
  const wrong: string[] = [];
  const missed: string[] = [];
  const names = new Map(
    (await database.db.query.meshDescriptors.findMany({ columns: { ui: true, name: true } })).map((d) => [d.ui, d.name]),
  );
  for (const discussion of JUDGED) {
    const uis = await suggestTopics(search, database.db, discussion.title, discussion.body);
    const acceptable = new Set(discussion.acceptable.map((a) => a.ui));
    const good = uis.filter((ui) => acceptable.has(ui));
    suggested += uis.length;
    right += good.length;
    const label = `"${discussion.title}"`;
    for (const ui of uis.filter((u) => !acceptable.has(u))) wrong.push(`  ${label}: ${names.get(ui) ?? ui} (${ui})`);
    if (acceptable.size === 0) {
      withoutSubject++;
      if (uis.length === 0) quiet++;
    } else {
      withSubject++;
      if (good.length > 0) found++;
      else missed.push(`  ${label}: expected one of ${discussion.acceptable.map((a) => a.name).join(', ')}`);
    }
  }
  console.log(`\nTopics suggested for ${JUDGED.length} discussions (bench/topics/discussions.json):`);
  console.log(
    `  precision  ${pct(right, suggested).padStart(6)}  (${right} of ${suggested} suggested topics acceptable; aim ${AIM_PRECISION}%: ${
      suggested === 0 || (100 * right) / suggested >= AIM_PRECISION ? 'met' : 'NOT met'
    })`,
  );
  console.log(
    `  recall     ${pct(found, withSubject).padStart(6)}  (${found} of ${withSubject} discussions with a health subject get an acceptable topic)`,
  );
  console.log(
    `  quiet      ${pct(quiet, withoutSubject).padStart(6)}  (${quiet} of ${withoutSubject} discussions without a health subject get no topic)`,
  );
  console.log(`\nWrong suggestions:\n${wrong.join('\n') || '  none'}`);
  console.log(`\nMisses (no acceptable topic):\n${missed.join('\n') || '  none'}`);
  await database.close();
  return 0;
}

runBench(main);
