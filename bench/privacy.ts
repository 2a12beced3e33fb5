/**
 * The privacy guard on judged texts: `npm run bench:privacy`. Runs findPersonalDetails (the check the
 * web app makes before a post leaves the device) over two sets of texts with and without personal
 * details: the unit tests' texts (apps/web/src/lib/personal-details/personal-details.fixture.json) and
 * bench/privacy/casual.json (details written the way people write: lower case, spaced or spelled out,
 * other countries' formats). For each set it prints how many texts with a detail are caught, how many
 * with the right reasons, and how many ordinary texts raise a false alarm, then every miss and alarm.
 * Exits non-zero only when something is broken, never on a low figure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findPersonalDetails } from '../apps/web/src/lib/personal-details/find-personal-details';
import { runBench } from './lib/bench-run';

interface JudgedTexts {
  warn: { text: string; kinds: string[] }[];
  safe: string[];
}

const SETS: [string, string][] = [
  [
    'unit-test texts',
    path.join(import.meta.dirname, '..', 'apps', 'web', 'src', 'lib', 'personal-details', 'personal-details.fixture.json'),
  ],
  ['casual texts', path.join(import.meta.dirname, 'privacy', 'casual.json')],
  ['held-out casual texts', path.join(import.meta.dirname, 'privacy', 'held-out.json')],
];

const kindsIn = (text: string) => [...new Set(findPersonalDetails(text).map((found) => found.kind))].sort();
const describe = (text: string) =>
  findPersonalDetails(text)
    .map((found) => `${found.kind} "${found.text}"`)
    .join(', ') || 'nothing';

function measure(label: string, file: string) {
  const judged = JSON.parse(readFileSync(file, 'utf8')) as JudgedTexts;
  const misses: string[] = [];
  let caught = 0;
  let rightKinds = 0;
  for (const { text, kinds } of judged.warn) {
    const found = kindsIn(text);
    if (found.length > 0) caught++;
    if (JSON.stringify(found) === JSON.stringify([...kinds].sort())) rightKinds++;
    else misses.push(`  "${text}": expected ${kinds.join(', ')}; found ${describe(text)}`);
  }
  const alarms = judged.safe.filter((text) => findPersonalDetails(text).length > 0).map((text) => `  "${text}": ${describe(text)}`);
  console.log(`\n${label} (${path.relative(process.cwd(), file)}):`);
  console.log(`  caught        ${caught} of ${judged.warn.length} texts with a personal detail (${rightKinds} with the right reasons)`);
  console.log(`  false alarms  ${alarms.length} of ${judged.safe.length} ordinary texts`);
  console.log(`  misses and wrong reasons:\n${misses.join('\n') || '    none'}`);
  console.log(`  false alarms:\n${alarms.join('\n') || '    none'}`);
}

async function main(): Promise<number> {
  for (const [label, file] of SETS) measure(label, file);
  return 0;
}

runBench(main);
