/**
 * A full collection under load: `npm run bench:collections`. On a fresh PostgreSQL database with the
 * demo corpus, the demo leader builds a collection of 100 articles through the API (the limit), then
 * `GET /api/collections/{id}` is measured beside `GET /api/user` (the same sign-in and framework
 * work with one small query), so the figure reads as a ratio within one run as well.
 * Budget: p99 under 15 ms. Exits non-zero only when something is broken (no 2xx).
 *
 * Env: BENCH_SECONDS (8), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_KEEP_DATABASE=1 to keep the database afterwards (its URL is printed) for EXPLAIN ANALYZE.
 */
import pg from 'pg';
import { request } from './lib/http';
import { benchAdminUrl, benchSettings, runBench } from './lib/bench-run';
import { measureHttp, type Measurement } from './lib/measure';
import { createBenchDatabase } from './lib/postgres';
import { startWinkServer } from './lib/servers';
import { signIn, type WinkSession } from './lib/wink-session';

const ITEMS = 100;
const BUDGET_P99_MS = 15;

const settings = benchSettings;
const adminUrl = benchAdminUrl;

async function api(baseUrl: string, session: WinkSession, method: string, path: string, body?: unknown) {
  const res = await request(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-xsrf-token': session.xsrf,
      cookie: `wink_session=${session.session}; XSRF-TOKEN=${session.xsrf}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body || '{}') as { data: { id: string } };
}

async function main(): Promise<number> {
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  const database = await createBenchDatabase(adminUrl, { keep });
  if ('unavailable' in database) {
    console.log(`PostgreSQL unavailable (${database.unavailable}); nothing measured.`);
    return 1;
  }
  const server = await startWinkServer({ databaseUrl: database.url, env: { SEED_DEMO: '1' } });
  try {
    const session = await signIn(server.baseUrl);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM articles ORDER BY published_at DESC NULLS LAST, id LIMIT ${ITEMS}`);
    await client.end();
    if (rows.length < ITEMS) throw new Error(`the demo corpus has only ${rows.length} articles`);

    const collection = await api(server.baseUrl, session, 'POST', 'collections', { name: 'Everything about my heart' });
    for (const [i, row] of rows.entries()) {
      await api(server.baseUrl, session, 'POST', `collections/${collection.data.id}/items`, {
        article_id: row.id,
        note: `Note ${i + 1}: ask the nurse about this one, "quoted", with, commas.`,
      });
    }
    console.log(`PostgreSQL: a collection of ${ITEMS} articles built through the API`);

    const headers = { cookie: `wink_session=${session.session}`, accept: 'application/json' };
    const results: Measurement[] = [];
    for (const [endpoint, path] of [
      ['GET /api/user', '/api/user'],
      ['GET /api/collections/{id}', `/api/collections/${collection.data.id}`],
    ] as const) {
      process.stdout.write(`  ${endpoint}: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…`);
      const m = await measureHttp(endpoint, { url: `${server.baseUrl}${path}`, headers }, settings);
      process.stdout.write(` ${Math.round(m.rps)} req/s\n`);
      results.push(m);
    }
    const [user, full] = results as [Measurement, Measurement];
    console.log(`\nPostgreSQL, ${settings.connections} connections, ${settings.seconds} s each`);
    console.log('endpoint                        req/s   p50 ms   p99 ms  non-2xx');
    for (const m of results) {
      console.log(
        `${m.endpoint.padEnd(30)} ${m.rps.toFixed(0).padStart(6)} ${m.p50Ms.toFixed(2).padStart(8)} ${m.p99Ms.toFixed(2).padStart(8)} ${String(m.non2xx).padStart(8)}`,
      );
    }
    const verdict = full.p99Ms < BUDGET_P99_MS ? 'PASS' : 'MISS';
    console.log(
      `\nBudget: GET /api/collections/{id} with ${ITEMS} items p99 under ${BUDGET_P99_MS} ms: ${full.p99Ms.toFixed(2)} ms → ${verdict}` +
        ` (throughput ${((full.rps / user.rps) * 100).toFixed(0)}% of GET /api/user)`,
    );
    if (keep) console.log(`Database kept: ${database.url} (collection ${collection.data.id})`);
    return results.some((m) => m.non2xx > 0 || m.errors > 0) ? 1 : 0;
  } finally {
    await server.stop();
    await database.drop();
  }
}

runBench(main);
