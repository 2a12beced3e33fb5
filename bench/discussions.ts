/**
 * Discussions under load: `npm run bench:discussions`. Seeds a fresh PostgreSQL database with
 * 10,000 discussions and 1,000,000 comments (a third each public, invite-only and private; 100
 * comments per discussion, 80 top level and 20 replies), then measures, signed in as the demo leader:
 *   - GET /api/discussions/{id}            one public discussion of someone else;
 *   - GET /api/discussions/{id}/comments   its first page (20 comments with upvoted/followed flags);
 *   - GET /api/discussions                 the first page of the list (visibility rules over 10,000);
 *   - GET /api/topics/{ui}                 a topic page (issue 19): descriptor, tree, best articles, follow state;
 *   - GET /api/topics/{ui}/discussions     its discussions: every one of the 10,000 is tagged with it, the worst case.
 * Budget (issues 4 and 19): p99 under 25 ms for all but the list. Exits non-zero only when something is broken
 * (no 2xx), never on slow numbers; the verdict line says PASS or MISS.
 *
 * Env: BENCH_SECONDS (8), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_KEEP_DATABASE=1 to keep the seeded database afterwards (its URL is printed) for EXPLAIN ANALYZE.
 */
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { benchSettings, runBench } from './lib/bench-run';
import { measureHttp, type Measurement, printBudgetTable } from './lib/measure';
import { seededBenchDatabase } from './lib/seeded-database';
import { startWinkServer } from './lib/servers';
import { signIn } from './lib/wink-session';

const DISCUSSIONS = 10_000;
const COMMENTS_PER_DISCUSSION = 100;
const REPLIES_PER_DISCUSSION = 20;
const AUTHORS = 1_000;
const BUDGET_P99_MS = 25;
const TOPIC_UI = 'D008881';

const settings = benchSettings;

/** Set-based inserts: the whole corpus in a handful of statements, so seeding takes seconds, not hours. */
async function seed(url: string): Promise<{ discussionId: string; seconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO users (sid, name, display_name, email, password_hash, avatar_color, trial_ends_at)
      SELECT 'bench' || g, 'Bench Author ' || g, 'Author ' || g, 'bench-' || g || '@example.com', 'not-a-hash', '#00838f', now() + interval '30 days'
      FROM generate_series(1, ${AUTHORS}) g`);
    await client.query(`
      INSERT INTO discussions (id, owner_id, title, body, access_type, comments_count, members_count, last_activity_at, created_at)
      SELECT 'bd' || lpad(g::text, 10, '0'),
             (SELECT id FROM users WHERE sid = 'bench' || (1 + g % ${AUTHORS})),
             'How do people manage condition number ' || g || ' day to day?',
             repeat('Sharing what worked for me, with sources, and asking what worked for you. ', 8),
             (ARRAY['public', 'invite_only', 'private'])[1 + g % 3],
             ${COMMENTS_PER_DISCUSSION}, 1,
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      FROM generate_series(1, ${DISCUSSIONS}) g`);
    await client.query(`
      INSERT INTO discussion_members (discussion_id, user_id, role)
      SELECT id, owner_id, 'owner' FROM discussions WHERE id LIKE 'bd%'`);
    // Top-level comments: positions 1..80 of each discussion.
    const topLevel = COMMENTS_PER_DISCUSSION - REPLIES_PER_DISCUSSION;
    await client.query(`
      INSERT INTO comments (id, discussion_id, author_id, body, replies_count, created_at)
      SELECT 'bc' || lpad(d::text, 6, '0') || lpad(c::text, 3, '0'),
             'bd' || lpad(d::text, 10, '0'),
             (SELECT id FROM users WHERE sid = 'bench' || (1 + (d * 7 + c) % ${AUTHORS})),
             'A comment with a little **Markdown** and a [link](https://medlineplus.gov/).',
             CASE WHEN c = 1 THEN ${REPLIES_PER_DISCUSSION} ELSE 0 END,
             now() - make_interval(mins => d) + make_interval(secs => c)
      FROM generate_series(1, ${DISCUSSIONS}) d, generate_series(1, ${topLevel}) c`);
    // Replies: positions 81..100, all under the first comment.
    await client.query(`
      INSERT INTO comments (id, discussion_id, parent_id, author_id, body, created_at)
      SELECT 'bc' || lpad(d::text, 6, '0') || lpad(c::text, 3, '0'),
             'bd' || lpad(d::text, 10, '0'),
             'bc' || lpad(d::text, 6, '0') || '001',
             (SELECT id FROM users WHERE sid = 'bench' || (1 + (d * 11 + c) % ${AUTHORS})),
             'A reply.',
             now() - make_interval(mins => d) + make_interval(secs => c)
      FROM generate_series(1, ${DISCUSSIONS}) d, generate_series(${topLevel + 1}, ${COMMENTS_PER_DISCUSSION}) c`);
    // Every discussion tagged with one topic (real MeSH: Migraine Disorders), the topic page's worst case.
    // Its name and entry term as the search mapping looks them up (vocabulary-repository.ts); no articles are
    // seeded here (bench:search measures the ranking at scale), so the page's best articles are an empty search.
    await client.query(`
      INSERT INTO mesh_descriptors (ui, name, tree_numbers, entry_terms)
      VALUES ('${TOPIC_UI}', 'Migraine Disorders', ARRAY['C10.228.140.546.399.750'], ARRAY['Migraine'])
      ON CONFLICT (ui) DO NOTHING`);
    await client.query(`
      INSERT INTO mesh_terms (normalized, descriptor_ui, term, preferred, inverted)
      VALUES ('migraine disorders', '${TOPIC_UI}', 'Migraine Disorders', true, false), ('migraine', '${TOPIC_UI}', 'Migraine', false, false)
      ON CONFLICT DO NOTHING`);
    await client.query(
      `INSERT INTO discussion_topics (discussion_id, descriptor_ui) SELECT id, '${TOPIC_UI}' FROM discussions WHERE id LIKE 'bd%'`,
    );
    await client.query('ANALYZE');
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM comments WHERE id LIKE 'bc%'`);
    if (Number(rows[0]!.n) !== DISCUSSIONS * COMMENTS_PER_DISCUSSION) throw new Error(`seeded ${rows[0]!.n} comments`);
  } finally {
    await client.end();
  }
  // Discussion 3 is public (1 + 3 % 3 = 1) and owned by a bench author, not the leader.
  return { discussionId: `bd${'3'.padStart(10, '0')}`, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const database = await seededBenchDatabase('postgres', 'discussions', process.env.BENCH_KEEP_DATABASE === '1');
  if ('unavailable' in database) {
    console.log(`PostgreSQL unavailable (${database.unavailable}); nothing measured.`);
    return 1;
  }
  const databaseUrl = database.databaseUrl!; // PostgreSQL asked for, so set
  const seeded = await seed(databaseUrl);
  console.log(
    `Seeded ${DISCUSSIONS.toLocaleString('en')} discussions and ${(DISCUSSIONS * COMMENTS_PER_DISCUSSION).toLocaleString('en')} comments in ${seeded.seconds.toFixed(1)} s`,
  );
  const server = await startWinkServer({ databaseUrl, env: { SEED_DEMO: '0' } });
  try {
    const { session } = await signIn(server.baseUrl);
    const headers = { cookie: `wink_session=${session}`, accept: 'application/json' };
    const targets: [string, string, boolean][] = [
      ['GET /api/discussions/{id}', `/api/discussions/${seeded.discussionId}`, true],
      ['GET /api/discussions/{id}/comments', `/api/discussions/${seeded.discussionId}/comments`, true],
      ['GET /api/discussions', '/api/discussions', false],
      ['GET /api/topics/{ui}', `/api/topics/${TOPIC_UI}`, true],
      ['GET /api/topics/{ui}/discussions', `/api/topics/${TOPIC_UI}/discussions`, true],
    ];
    const results: (Measurement & { budgeted: boolean })[] = [];
    for (const [endpoint, path, budgeted] of targets) {
      process.stdout.write(`  ${endpoint}: ${settings.warmupSeconds} s warm-up + ${settings.seconds} s…`);
      const m = await measureHttp(endpoint, { url: `${server.baseUrl}${path}`, headers }, settings);
      process.stdout.write(` ${Math.round(m.rps)} req/s\n`);
      results.push({ ...m, budgeted });
    }
    console.log(`\nPostgreSQL, ${settings.connections} connections, ${settings.seconds} s each`);
    printBudgetTable(results, BUDGET_P99_MS);
    return results.some((m) => m.non2xx > 0 || m.errors > 0) ? 1 : 0;
  } finally {
    await server.stop();
  }
}

runBench(main);
