/**
 * Wink, the healthbot, at scale: `npm run bench:healthbot`. Fills a database with the synthetic corpus
 * (100,000 articles by default; bench/lib/synthetic-corpus.ts) and a full-size MeSH vocabulary, then
 * asks the real server questions one at a time (latency, not throughput) through POST
 * /api/healthbot/messages, signed in as the demo leader, with the offline engine (no LLM configured),
 * and reads the NDJSON stream as it arrives to time:
 *   - first token: from sending the question to the first `delta` line (what the person sees move);
 *   - full answer: to the `done` line (the offline answer is paced at 10 ms a piece, see answer-engine.ts).
 * Each question runs once to warm up, then BENCH_HEALTHBOT_REPEATS times (5). Budget: first
 * token p99 under 300 ms. Exits non-zero only when something is broken (a non-200 answer or a stream
 * without `done`), never on slow numbers.
 *
 * Env: BENCH_HEALTHBOT_DB=pglite|postgres (pglite), BENCH_HEALTHBOT_ARTICLES (100,000),
 * BENCH_HEALTHBOT_DESCRIPTORS (30,000 made-up descriptors beside the demo ones; 0 for the demo vocabulary),
 * BENCH_HEALTHBOT_REPEATS (5), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { runBench } from './lib/bench-run';
import { percentile } from './lib/measure';
import { seededBenchDatabase, type SeededDatabase } from './lib/seeded-database';
import { startWinkServer } from './lib/servers';
import { loadSyntheticCorpusWithProgress } from './lib/synthetic-corpus';
import { signIn, type WinkSession } from './lib/wink-session';

const BUDGET_FIRST_TOKEN_P99_MS = 300;

const target = process.env.BENCH_HEALTHBOT_DB === 'postgres' ? 'postgres' : 'pglite';
const count = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
};
const ARTICLES = count('BENCH_HEALTHBOT_ARTICLES', 100_000);
const DESCRIPTORS = count('BENCH_HEALTHBOT_DESCRIPTORS', 30_000);
const REPEATS = Math.max(1, count('BENCH_HEALTHBOT_REPEATS', 5));

/** Everyday questions (condition, symptom, treatment, lay terms), an emergency and one the corpus cannot answer. */
const QUESTIONS = [
  'What is asthma?',
  'What are the warning signs of a heart attack?',
  'How is high blood pressure treated?',
  'What helps with hay fever?',
  'What causes migraine?',
  'Is exercise safe for older adults with diabetes?',
  'What are the side effects of statins?',
  'How are kidney stones treated in children?',
  'How can I sleep better with insomnia?',
  'My dad has crushing chest pain and is sweating',
  'What is quantum chromodynamics?',
];

interface Timing {
  firstTokenMs: number;
  fullMs: number;
  kind: string;
  citations: number;
}

/** One question, its stream read line by line as it arrives. */
function ask(baseUrl: string, session: WinkSession, question: string): Promise<Timing> {
  const body = JSON.stringify({ message: question });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstTokenMs = -1;
    let buffer = '';
    const req = http.request(
      `${baseUrl}/api/healthbot/messages`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-xsrf-token': decodeURIComponent(session.xsrf),
          cookie: `wink_session=${session.session}; XSRF-TOKEN=${session.xsrf}`,
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`POST /api/healthbot/messages answered ${res.statusCode} for "${question}"`));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const event = JSON.parse(buffer.slice(0, newline)) as { type: string; message?: { kind: string; citations: unknown[] } };
            buffer = buffer.slice(newline + 1);
            if (event.type === 'delta' && firstTokenMs < 0) firstTokenMs = performance.now() - started;
            if (event.type === 'error') reject(new Error(`the stream for "${question}" ended in an error event`));
            if (event.type === 'done') {
              resolve({
                firstTokenMs,
                fullMs: performance.now() - started,
                kind: event.message!.kind,
                citations: event.message!.citations.length,
              });
            }
          }
        });
        res.on('end', () => reject(new Error(`the stream for "${question}" ended without "done"`)));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function prepare(open: SeededDatabase['open']): Promise<void> {
  const database = await open();
  try {
    await loadSyntheticCorpusWithProgress(database.db, ARTICLES, DESCRIPTORS);
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const corpus = await seededBenchDatabase(target, 'healthbot');
  if ('unavailable' in corpus) {
    console.log(`PostgreSQL unavailable (${corpus.unavailable}); nothing measured.`);
    return 1;
  }
  const { databaseUrl, serverEnv, open } = corpus;
  process.stdout.write('Loading the synthetic corpus:');
  await prepare(open);

  // Offline engine only, and the per-person question limit raised for the repeated asking.
  const server = await startWinkServer({
    databaseUrl,
    env: { ...serverEnv, SEED_DEMO: '0', POSTING_LIMIT_SCALE: '1000', LLM_BASE_URL: '' },
  });
  try {
    const session = await signIn(server.baseUrl);
    const rows: { question: string; runs: Timing[] }[] = [];
    for (const question of QUESTIONS) {
      await ask(server.baseUrl, session, question);
      const runs: Timing[] = [];
      for (let i = 0; i < REPEATS; i++) runs.push(await ask(server.baseUrl, session, question));
      rows.push({ question, runs });
    }
    const fmt = (n: number) => n.toFixed(1).padStart(9);
    const median = (ms: number[]) =>
      percentile(
        ms.slice().sort((a, b) => a - b),
        0.5,
      );
    console.log(
      `\n${target === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${ARTICLES.toLocaleString('en')} articles, offline engine, ${REPEATS} timed runs per question, one at a time`,
    );
    console.log(
      `${'question'.padEnd(50)} ${'kind'.padEnd(10)} cites ${'1st p50'.padStart(9)} ${'1st max'.padStart(9)} ${'full p50'.padStart(9)}`,
    );
    for (const { question, runs } of rows) {
      console.log(
        `${question.slice(0, 50).padEnd(50)} ${runs[0]!.kind.padEnd(10)} ${String(runs[0]!.citations).padStart(5)} ${fmt(median(runs.map((r) => r.firstTokenMs)))} ${fmt(Math.max(...runs.map((r) => r.firstTokenMs)))} ${fmt(median(runs.map((r) => r.fullMs)))}`,
      );
    }
    const first = rows.flatMap((r) => r.runs.map((t) => t.firstTokenMs)).sort((a, b) => a - b);
    const full = rows.flatMap((r) => r.runs.map((t) => t.fullMs)).sort((a, b) => a - b);
    const p99 = percentile(first, 0.99);
    console.log(`\n${'summary'.padEnd(20)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}  budget`);
    console.log(
      `${'first token'.padEnd(20)} ${fmt(percentile(first, 0.5))} ${fmt(p99)}  ${p99 < BUDGET_FIRST_TOKEN_P99_MS ? 'PASS' : 'MISS'} p99 ${p99 < BUDGET_FIRST_TOKEN_P99_MS ? '<' : '>='} ${BUDGET_FIRST_TOKEN_P99_MS} ms`,
    );
    console.log(`${'full answer'.padEnd(20)} ${fmt(percentile(full, 0.5))} ${fmt(percentile(full, 0.99))}  reported`);
    return 0;
  } finally {
    await server.stop();
  }
}

runBench(main);
