import { describe, expect, it } from 'vitest';
import { findPersonalDetails } from './find-personal-details';
import fixture from './personal-details.fixture.json';

/** The check runs on every post a person sends: 10,000 characters (a full comment) must take under 5 ms. */
const BUDGET_MS = 5;
const LENGTH = 10_000;
const RUNS = 200;

const fill = (piece: string) => piece.repeat(Math.ceil(LENGTH / piece.length)).slice(0, LENGTH);

const texts = {
  'ordinary health talk': fill(`${fixture.safe.join(' ')} `),
  'full of personal details': fill(`${fixture.warn.map(({ text }) => text).join('\n')}\n`),
  // Shapes that make careless patterns backtrack: long runs of digits and separators, names, addresses.
  'digits and hyphens': fill('12-'),
  'digits and spaces': fill('1 '),
  'capitalised words': fill('My Son John Smith Jones Brown '),
  'dotted labels': fill('a.b-'),
  'phone prefixes': fill('+1 '),
};

function medianMs(text: string): number {
  for (let run = 0; run < 20; run++) findPersonalDetails(text);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    findPersonalDetails(text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)]!;
}

describe('findPersonalDetails cost', () => {
  it.each(Object.entries(texts))(`checks 10,000 characters of %s in under ${BUDGET_MS} ms (median of ${RUNS})`, (name, text) => {
    expect(text).toHaveLength(LENGTH);
    const median = medianMs(text);
    console.info(`privacy guard cost, ${name}: median ${median.toFixed(2)} ms per 10,000 characters`);
    expect(median).toBeLessThan(BUDGET_MS);
  });
});
