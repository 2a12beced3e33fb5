/**
 * The notifications list under load: `npm run bench:notifications`. Seeds a fresh PostgreSQL database
 * with 100,000 notifications for the demo leader (from 1,000 people, every type, a third unread, ten
 * of the actors blocked by the leader so the list must hide them), then measures, signed in as the leader:
 *   - GET /api/notifications                    the first page (20, with actors, and the total);
 *   - GET /api/notifications?cursor=…           a page deep in the list (after 10,000);
 *   - GET /api/notifications/unread-count       the badge.
 * Budget: p99 under 15 ms for the first page. Exits non-zero only when something is broken
 * (no 2xx), never on slow numbers; the verdict line says PASS or MISS.
 *
 * Env: BENCH_SECONDS (8), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_KEEP_DATABASE=1 to keep the seeded database afterwards (its URL is printed) for EXPLAIN ANALYZE.
 */
import { EVENT_NAMES } from '../apps/server/src/plugins/app/events/domain-event-bus';
import { benchSettings, runBench } from './lib/bench-run';
import { insertBenchPeople, timedSeed } from './lib/bench-seeding';
import { request } from './lib/http';
import { measureHttp, type Measurement, printBudgetTable } from './lib/measure';
import { seededPostgresUrl } from './lib/seeded-database';
import { startWinkServer } from './lib/servers';
import { signIn } from './lib/wink-session';

const NOTIFICATIONS = 100_000;
const ACTORS = 1_000;
const BLOCKED_ACTORS = 10;
const BUDGET_P99_MS = 15;

/** Every notification type a community event writes. */
const TYPES = EVENT_NAMES;

/** Set-based inserts: the whole list in a few statements, so seeding takes seconds. */
async function seed(url: string): Promise<{ seconds: number; visible: number }> {
  const { seconds } = await timedSeed(url, async (client) => {
    await insertBenchPeople(client, {
      sid: 'nbench',
      email: 'nbench',
      name: 'Bench Person',
      displayName: 'Person',
      first: 1,
      last: ACTORS,
    });
    await client.query(
      `
      INSERT INTO user_blocks (blocker_id, blocked_id)
      SELECT leader.id, u.id FROM users u, (SELECT id FROM users WHERE email = 'leader@demo.health') leader
      WHERE u.sid LIKE 'nbench%' ORDER BY u.id LIMIT $1`,
      [BLOCKED_ACTORS],
    );
    await client.query(
      `
      INSERT INTO notifications (user_id, type, data, actor_id, read_at, created_at)
      SELECT (SELECT id FROM users WHERE email = 'leader@demo.health'),
             ($1::text[])[1 + g % ${TYPES.length}],
             CASE WHEN ($1::text[])[1 + g % ${TYPES.length}] = 'user.followed'
               THEN jsonb_build_object('follower_sid', 'nbench' || (1 + g % ${ACTORS}), 'count', 1)
               ELSE jsonb_build_object('subject_id', 'bd' || lpad((g % 5000)::text, 10, '0'), 'subject_title',
                      'How do people manage condition number ' || (g % 5000) || ' day to day?', 'comment_id', 'bc' || g, 'count', 1 + g % 3)
             END,
             (SELECT id FROM users WHERE sid = 'nbench' || (1 + g % ${ACTORS})),
             CASE WHEN g % 3 = 0 THEN NULL ELSE now() - make_interval(secs => g) END,
             now() - make_interval(secs => g * 6)
      FROM generate_series(1, ${NOTIFICATIONS}) g`,
      [TYPES],
    );
    await client.query('ANALYZE');
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM notifications`);
    if (Number(rows[0]!.n) !== NOTIFICATIONS) throw new Error(`seeded ${rows[0]!.n} notifications`);
  });
  return { seconds, visible: NOTIFICATIONS - (NOTIFICATIONS / ACTORS) * BLOCKED_ACTORS };
}

const DEEP_PAGES = 500;

/** Walks 500 pages down the list with real cursors (10,000 notifications), the way "load more" does. */
async function deepCursor(baseUrl: string, headers: Record<string, string>): Promise<string> {
  let cursor = '';
  for (let page = 0; page < DEEP_PAGES; page++) {
    const res = await request(`${baseUrl}/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/notifications answered ${res.status}: ${res.body.slice(0, 200)}`);
    const next = (JSON.parse(res.body) as { meta: { next_cursor: string | null } }).meta.next_cursor;
    if (!next) break;
    cursor = encodeURIComponent(next);
  }
  return cursor;
}

async function main(): Promise<number> {
  const databaseUrl = await seededPostgresUrl('notifications');
  if (!databaseUrl) return 1;
  const seeded = await seed(databaseUrl);
  console.log(
    `Seeded ${NOTIFICATIONS.toLocaleString('en')} notifications for leader@demo.health (${seeded.visible.toLocaleString('en')} visible, ${BLOCKED_ACTORS} actors blocked) in ${seeded.seconds.toFixed(1)} s`,
  );
  const server = await startWinkServer({ databaseUrl, env: { SEED_DEMO: '0' } });
  try {
    const { session } = await signIn(server.baseUrl);
    const headers = { cookie: `wink_session=${session}`, accept: 'application/json' };
    const first = await request(`${server.baseUrl}/api/notifications`, { headers });
    const total = (JSON.parse(first.body) as { meta: { total: number } }).meta.total;
    if (total !== seeded.visible) throw new Error(`the list reports ${total} notifications, expected ${seeded.visible}`);
    process.stdout.write(`  walking ${DEEP_PAGES} pages down the list…`);
    const cursor = await deepCursor(server.baseUrl, headers);
    process.stdout.write(' done\n');

    const targets: [string, string, boolean][] = [
      ['GET /api/notifications', '/api/notifications', true],
      ['GET /api/notifications?cursor (deep)', `/api/notifications?cursor=${cursor}`, false],
      ['GET /api/notifications/unread-count', '/api/notifications/unread-count', false],
    ];
    const results: (Measurement & { budgeted: boolean })[] = [];
    for (const [endpoint, path, budgeted] of targets) {
      process.stdout.write(`  ${endpoint}: ${benchSettings.warmupSeconds} s warm-up + ${benchSettings.seconds} s…`);
      const m = await measureHttp(endpoint, { url: `${server.baseUrl}${path}`, headers }, benchSettings);
      process.stdout.write(` ${Math.round(m.rps)} req/s\n`);
      results.push({ ...m, budgeted });
    }
    console.log(
      `\nPostgreSQL, ${NOTIFICATIONS.toLocaleString('en')} notifications for one person, ${benchSettings.connections} connections, ${benchSettings.seconds} s each`,
    );
    printBudgetTable(results, BUDGET_P99_MS);
    return results.some((m) => m.non2xx > 0 || m.errors > 0) ? 1 : 0;
  } finally {
    await server.stop();
  }
}

runBench(main);
