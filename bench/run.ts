/**
 * Load benchmark: `npm run bench`. Prints figures; exits non-zero only when something is broken
 * (a server does not start, sign-in fails, or a measured request is not 2xx), never on slow numbers.
 *
 * For each database (embedded PGlite in a temporary DATA_DIR, then PostgreSQL in a fresh
 * `wink_bench_<timestamp>` database when the admin URL answers) it starts the real server as a child,
 * and measures, each with a warm-up then a fixed duration at a fixed number of connections:
 *   - GET /bare       a bare Fastify 5 route in its own process (bench/bare-server.ts), the baseline;
 *   - GET /api/user   with a signed-in session cookie (autocannon);
 *   - POST /login     the demo leader's argon2id password check.
 *
 * How POST /login is loaded: a login deletes the session it came with (rotation), and checked by hand,
 * a second login with the same cookies answers 419 (session expired), so autocannon's fixed requests
 * cannot be replayed. Instead each connection is a closed-loop worker (bench/lib/measure.ts) that
 * takes one fresh session from GET /sanctum/csrf-cookie before it starts, then sends every login with
 * the wink_session/XSRF-TOKEN cookies and x-xsrf-token header that the previous login set. A login on
 * a signed-in session does the same work as one on an anonymous session (verify the password, delete
 * the old session, insert a new one), so every measured request is a login and nothing else is timed.
 *
 * Env: BENCH_SECONDS (8), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 * Figures also go to bench/results/latest.json (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { benchAdminUrl, benchSettings, runBench } from './lib/bench-run';
import { measureHttp, measureLoop, type Measurement, type Worker } from './lib/measure';
import { createBenchDatabase } from './lib/postgres';
import { startBareServer, startWinkServer, type Server } from './lib/servers';
import { csrfSession, login, signIn, type WinkSession } from './lib/wink-session';

const TARGET = { endpoint: 'GET /api/user', database: 'PostgreSQL', minRatio: 0.25 };

const settings = benchSettings;
const adminUrl = benchAdminUrl;

interface DatabaseResult {
  database: string;
  measurements: (Measurement & { ratioToBare: number })[];
}

/** One login per run(), each on the session the previous one set (see the comment at the top). */
function loginWorker(baseUrl: string, agent: http.Agent): Worker {
  let current: WinkSession | undefined;
  return {
    async prepare() {
      current ??= await csrfSession(baseUrl, agent);
    },
    async run() {
      const result = await login(baseUrl, current!, agent);
      current = result.next;
      return result.status;
    },
  };
}

/**
 * The same read with the sign-in cache off (AUTH_CACHE_MS=0): every request pays the session
 * lookup in the database. Printed beside the cached figure so neither hides the other.
 */
async function uncachedUserRead(databaseUrl?: string): Promise<Measurement> {
  const endpoint = 'GET /api/user (no cache)';
  process.stdout.write(`  ${endpoint}: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…`);
  const server = await startWinkServer({ databaseUrl, env: { AUTH_CACHE_MS: '0', SEED_DEMO: databaseUrl ? '0' : '1' } });
  try {
    const { session } = await signIn(server.baseUrl);
    const m = await measureHttp(endpoint, { url: `${server.baseUrl}/api/user`, headers: { cookie: `wink_session=${session}` } }, settings);
    process.stdout.write(` ${Math.round(m.rps)} req/s\n`);
    return m;
  } finally {
    await server.stop();
  }
}

async function benchDatabase(database: string, bare: Server, databaseUrl?: string): Promise<DatabaseResult> {
  console.log(`\n${database}: starting the server…`);
  const server = await startWinkServer({ databaseUrl });
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.connections });
  try {
    const { session } = await signIn(server.baseUrl);
    const runs: [string, () => Promise<Measurement>][] = [
      ['GET /bare', () => measureHttp('GET /bare', { url: `${bare.baseUrl}/bare` }, settings)],
      [
        'GET /api/user',
        () => measureHttp('GET /api/user', { url: `${server.baseUrl}/api/user`, headers: { cookie: `wink_session=${session}` } }, settings),
      ],
      ['POST /login', () => measureLoop('POST /login', () => loginWorker(server.baseUrl, agent), settings)],
    ];
    const measurements: Measurement[] = [];
    for (const [endpoint, measure] of runs) {
      if (endpoint === 'POST /login') measurements.push(await uncachedUserRead(databaseUrl));
      process.stdout.write(`  ${endpoint}: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…`);
      const m = await measure();
      measurements.push(m);
      process.stdout.write(` ${Math.round(m.rps)} req/s\n`);
    }
    const bareRps = measurements[0]!.rps;
    return { database, measurements: measurements.map((m) => ({ ...m, ratioToBare: m.rps / bareRps })) };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

function printTable({ database, measurements }: DatabaseResult): void {
  const head = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs bare'];
  const rows = measurements.map((m) => [
    m.endpoint,
    m.rps.toFixed(m.rps < 100 ? 1 : 0),
    m.p50Ms.toFixed(2),
    m.p99Ms.toFixed(2),
    String(m.non2xx),
    String(m.errors),
    m.endpoint === 'GET /bare' ? 'baseline' : `${m.endpoint} is ${(m.ratioToBare * 100).toFixed(m.ratioToBare < 0.01 ? 2 : 0)}% of bare`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${database} (${settings.connections} connections, ${settings.seconds} s each after ${settings.warmupSeconds} s warm-up)`);
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<number> {
  console.log(
    `Wink benchmark: node ${process.version}, ${os.cpus().length} CPUs, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per endpoint`,
  );
  const bare = await startBareServer();
  const results: DatabaseResult[] = [await benchDatabase('PGlite', bare)];

  let postgresNote: string | undefined;
  const pgDatabase = await createBenchDatabase(adminUrl);
  if ('unavailable' in pgDatabase) {
    postgresNote = `PostgreSQL skipped: could not create a database through ${new URL(adminUrl).host} (${pgDatabase.unavailable})`;
    console.log(`\n${postgresNote}`);
  } else {
    try {
      results.push(await benchDatabase('PostgreSQL', bare, pgDatabase.url));
    } finally {
      await pgDatabase.drop();
    }
  }
  await bare.stop();

  for (const result of results) printTable(result);

  const onTarget = results.find((r) => r.database === TARGET.database)?.measurements.find((m) => m.endpoint === TARGET.endpoint);
  const verdict = onTarget ? (onTarget.ratioToBare >= TARGET.minRatio ? 'PASS' : 'MISS') : 'NOT CHECKED';
  const figure = onTarget ? `: ${(onTarget.ratioToBare * 100).toFixed(0)}%` : ` (${postgresNote ?? 'no figure'})`;
  console.log(
    `\nTarget: ${TARGET.endpoint} at least ${TARGET.minRatio * 100}% of the bare route's throughput on ${TARGET.database}${figure} → ${verdict}`,
  );

  const file = path.join(import.meta.dirname, 'results', 'latest.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    settings,
    results,
    postgresNote,
    target: { ...TARGET, ratio: onTarget?.ratioToBare ?? null, verdict },
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Figures written to ${path.relative(process.cwd(), file)}`);

  const broken = results.flatMap((r) =>
    r.measurements.filter((m) => m.non2xx > 0 || m.errors > 0).map((m) => `${r.database} ${m.endpoint}`),
  );
  if (broken.length) {
    console.error(`\nBroken: requests without a 2xx answer on ${broken.join(', ')} (see statusCodes in ${file})`);
    return 1;
  }
  return 0;
}

runBench(main);
