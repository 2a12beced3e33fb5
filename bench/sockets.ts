/**
 * Real-time fan-out across processes: `npm run bench:sockets`. On a fresh PostgreSQL database, two
 * Wink servers (src/main.ts) share one Redis; 1,000 signed-in people each open a socket (half on each
 * process) and subscribe to one public discussion. One person then posts comments to process A,
 * one at a time, and every socket records when `comment:created` arrived.
 *
 * Reported: the delay from sending `POST /api/discussions/{id}/comments` to the event on each socket,
 * p50 and p99, for the sockets on the other process (B, through Redis: the budgeted figure) and on
 * the same process (A), beside the POST's own response time. Budget: p99 under 200 ms on B.
 * Exits non-zero only when something is broken (a server, a socket, a missing event), never on slow
 * numbers; the verdict line says PASS or MISS.
 *
 * Env: BENCH_SOCKETS (1000), BENCH_COMMENTS (50), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { SOCKET_PATH } from '@wink/contracts/events';
import { benchAdminUrl, runBench } from './lib/bench-run';
import { insertBenchPeople } from './lib/bench-seeding';
import { percentile } from './lib/measure';
import { createBenchDatabase } from './lib/postgres';
import { startWinkServer, type Server } from './lib/servers';
import { request } from './lib/http';

const SOCKETS = Math.max(2, Number(process.env.BENCH_SOCKETS ?? 1000) || 1000);
const COMMENTS = Math.max(1, Number(process.env.BENCH_COMMENTS ?? 50) || 50);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const BUDGET_P99_MS = 200;
const CONNECT_BATCH = 50;
const EVENT_TIMEOUT_MS = 10_000;

/**
 * The clients speak socket.io's wire protocol (Engine.IO 4 over a WebSocket) directly: a full client
 * per socket would spend this one process's CPU decoding 1,000 copies of each event, and its queue
 * would show up as server delay. The server cannot tell the difference.
 */
interface BenchSocket {
  ws: WebSocket;
  onComment?: (frame: string, at: number) => void;
}

interface Person {
  id: number;
  secret: string;
  csrf: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** People and their sessions straight into the tables (no argon2 per person); the discussion, public. */
async function seed(url: string): Promise<{ people: Person[]; poster: Person; discussionId: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = await insertBenchPeople(client, {
      sid: 'sock',
      email: 'socket',
      name: 'Socket Person',
      displayName: 'Person',
      first: 0,
      last: SOCKETS,
    });
    const people = ids.map((id) => ({
      id,
      secret: randomBytes(32).toString('base64url'),
      csrf: randomBytes(20).toString('hex'),
    }));
    await client.query(
      `INSERT INTO sessions (id, user_id, csrf_token, remember, expires_at)
       SELECT unnest($1::text[]), unnest($2::bigint[]), unnest($3::text[]), true, now() + interval '1 day'`,
      [people.map((p) => sha256(p.secret)), people.map((p) => p.id), people.map((p) => p.csrf)],
    );
    const poster = people.shift()!;
    const discussionId = 'benchsockets';
    await client.query(
      `INSERT INTO discussions (id, owner_id, title, body, access_type, members_count) VALUES ($1, $2, 'Live together', 'Posted live.', 'public', 1)`,
      [discussionId, poster.id],
    );
    await client.query(`INSERT INTO discussion_members (discussion_id, user_id, role) VALUES ($1, $2, 'owner')`, [discussionId, poster.id]);
    return { people, poster, discussionId };
  } finally {
    await client.end();
  }
}

function connectSocket(baseUrl: string, person: Person, discussionId: string): Promise<BenchSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`, {
      headers: { cookie: `wink_session=${person.secret}` },
    });
    const socket: BenchSocket = { ws };
    const timer = setTimeout(() => reject(new Error('no subscription in time')), EVENT_TIMEOUT_MS);
    ws.once('error', reject);
    ws.on('message', (raw: Buffer) => {
      const at = performance.now();
      const frame = raw.toString();
      if (frame === '2')
        ws.send('3'); // ping, pong
      else if (frame.startsWith('0{'))
        ws.send('40'); // Engine.IO open: join the main namespace
      else if (frame.startsWith('40')) ws.send(`420["discussion:subscribe",${JSON.stringify(discussionId)}]`);
      else if (frame.startsWith('44')) reject(new Error(`connection refused: ${frame}`));
      else if (frame.startsWith('430')) {
        clearTimeout(timer);
        if (frame.includes('"ok":true')) resolve(socket);
        else reject(new Error(`subscription refused: ${frame}`));
      } else if (frame.startsWith('42["comment:created"')) socket.onComment?.(frame, at);
    });
  });
}

async function post(baseUrl: string, poster: Person, discussionId: string, body: string): Promise<number> {
  const res = await request(`${baseUrl}/api/discussions/${discussionId}/comments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': poster.csrf,
      cookie: `wink_session=${poster.secret}; XSRF-TOKEN=${poster.csrf}`,
    },
    body: JSON.stringify({ body }),
  });
  return res.status;
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 };
};

async function main(): Promise<number> {
  const database = await createBenchDatabase(benchAdminUrl);
  if ('unavailable' in database) {
    console.log(`PostgreSQL unavailable (${database.unavailable}); nothing measured.`);
    return 1;
  }
  const env = {
    SEED_DEMO: '0',
    REDIS_URL,
    REDIS_PREFIX: `bench:${randomUUID()}:`,
    POSTING_LIMIT_SCALE: '100000',
  };
  const servers: Server[] = [];
  const sockets: BenchSocket[] = [];
  try {
    // The first start migrates; the second process joins the same database and Redis.
    servers.push(await startWinkServer({ databaseUrl: database.url, env }));
    servers.push(await startWinkServer({ databaseUrl: database.url, env }));
    const [a, b] = servers as [Server, Server];
    const { people, poster, discussionId } = await seed(database.url);

    const started = performance.now();
    const onB = new Set<BenchSocket>();
    for (let i = 0; i < people.length; i += CONNECT_BATCH) {
      const batch = people.slice(i, i + CONNECT_BATCH);
      const opened = await Promise.all(
        batch.map((person, j) => {
          const server = (i + j) % 2 === 0 ? a : b;
          return connectSocket(server.baseUrl, person, discussionId).then((socket) => {
            if (server === b) onB.add(socket);
            return socket;
          });
        }),
      );
      sockets.push(...opened);
    }
    console.log(
      `${sockets.length} sockets connected and subscribed (${onB.size} on B) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const delays = { a: [] as number[], b: [] as number[] };
    const postTimes: number[] = [];
    let pending: { body: string; sentAt: number; left: number; done: () => void } | null = null;
    for (const socket of sockets) {
      const bucket = onB.has(socket) ? delays.b : delays.a;
      socket.onComment = (frame, at) => {
        if (!pending || !frame.includes(pending.body)) return;
        bucket.push(at - pending.sentAt);
        if (--pending.left === 0) pending.done();
      };
    }

    for (let i = 0; i < COMMENTS; i++) {
      const body = `Bench comment ${i} ${randomUUID()}`;
      const everyone = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`comment ${i}: ${pending?.left} sockets never heard of it`)), EVENT_TIMEOUT_MS);
        pending = { body, sentAt: performance.now(), left: sockets.length, done: () => (clearTimeout(timer), resolve()) };
      });
      const status = await post(a.baseUrl, poster, discussionId, body);
      postTimes.push(performance.now() - pending!.sentAt);
      if (status !== 201) throw new Error(`POST comments answered ${status}`);
      await everyone;
    }

    const b99 = summary(delays.b);
    const rows = [
      ['socket on B (other process, via Redis)', b99],
      ['socket on A (same process)', summary(delays.a)],
      ['POST /api/discussions/{id}/comments', summary(postTimes)],
    ] as const;
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(`\n${COMMENTS} comments posted to A, ${sockets.length} sockets across two processes, PostgreSQL + Redis`);
    console.log(`(${os.cpus().length} CPUs, load average ${load}: the clients, both servers, PostgreSQL and Redis share them)`);
    console.log('delay from sending the POST                 events    p50 ms    p99 ms    max ms');
    for (const [label, s] of rows) {
      console.log(
        `${label.padEnd(42)} ${String(s.n).padStart(8)} ${s.p50.toFixed(1).padStart(9)} ${s.p99.toFixed(1).padStart(9)} ${s.max.toFixed(1).padStart(9)}`,
      );
    }
    const verdict = b99.p99 < BUDGET_P99_MS ? `PASS (< ${BUDGET_P99_MS})` : `MISS (>= ${BUDGET_P99_MS})`;
    console.log(`\nverdict: p99 on the other process ${b99.p99.toFixed(1)} ms, budget ${BUDGET_P99_MS} ms: ${verdict}`);
    return 0;
  } finally {
    for (const socket of sockets) socket.ws.terminate();
    for (const server of servers.reverse()) await server.stop();
    await database.drop();
  }
}

runBench(main);
