/**
 * Paired A/B of GET /api/user on PostgreSQL, as server CPU time per request: the server before and
 * after a change run side by side and take the same fixed number of requests alternately; the
 * server process's own CPU time (utime + stime) per request decides its throughput on a free core,
 * and is far less disturbed by other work on a shared machine than requests per second.
 * Usage: `npm run bench:paired -- <treeA> <treeB> [<treeC>…]`, each tree a checkout of the repository
 * with the root's node_modules linked in, e.g. for the last commit against the one before it:
 *   git worktree add ../wink-before HEAD~1 && ln -s "$PWD/node_modules" ../wink-before/node_modules
 *   npm run bench:paired -- "$PWD/../wink-before" "$PWD"
 * Env: ROUNDS (10), REQUESTS per round and server (30,000), BENCH_DATABASE_URL.
 */
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createBenchDatabase } from './lib/postgres';
import { signIn } from './lib/wink-session';
import { benchAdminUrl } from './lib/bench-run';

const trees = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 10);
const requests = Number(process.env.REQUESTS ?? 30000);
const TICK_US = 1e6 / Number(execSync('getconf CLK_TCK').toString());
const cpuUs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
};
const pidOn = (port: string) => Number(/pid=(\d+)/.exec(execSync(`ss -ltnpH 'sport = :${port}'`).toString())![1]);
const fire = (url: string, cookie: string, amount: number) =>
  // `amount` (stop after that many requests) is in autocannon's documentation but not its types.
  autocannon({ url, headers: { cookie }, connections: 10, amount } as autocannon.Options) as unknown as Promise<{
    non2xx: number;
    errors: number;
    requests: { average: number };
  }>;

const sides = [] as {
  name: string;
  url: string;
  cookie: string;
  pid: number;
  stop: () => Promise<void>;
  drop: () => Promise<void>;
  us: number[];
  rps: number[];
}[];
for (const tree of trees) {
  const { startWinkServer } = (await import(`${tree}/bench/lib/servers.ts`)) as typeof import('./lib/servers');
  const db = await createBenchDatabase(benchAdminUrl);
  if ('unavailable' in db) throw new Error(db.unavailable);
  const server = await startWinkServer({ databaseUrl: db.url });
  const { session } = await signIn(server.baseUrl);
  const side = {
    name: tree.split('/').pop()!,
    url: `${server.baseUrl}/api/user`,
    cookie: `wink_session=${session}`,
    pid: pidOn(new URL(server.baseUrl).port),
    stop: server.stop,
    drop: db.drop,
    us: [] as number[],
    rps: [] as number[],
  };
  await fire(side.url, side.cookie, 5000); // warm-up: JIT, pools, the sign-in cache
  sides.push(side);
}
for (let r = 0; r < rounds; r++) {
  for (const side of r % 2 ? [...sides].reverse() : sides) {
    const before = cpuUs(side.pid);
    const started = Date.now();
    const result = await fire(side.url, side.cookie, requests);
    if (result.non2xx || result.errors) throw new Error(`${side.name}: non-2xx ${result.non2xx}, errors ${result.errors}`);
    side.us.push((cpuUs(side.pid) - before) / requests);
    side.rps.push(requests / ((Date.now() - started) / 1000));
  }
  console.log(
    `round ${r + 1}: ${sides.map((s) => `${s.name} ${s.us.at(-1)!.toFixed(1)} µs/req (${Math.round(s.rps.at(-1)!)} req/s)`).join(', ')}`,
  );
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
for (const s of sides)
  console.log(
    `${s.name}: median ${median(s.us).toFixed(2)} µs CPU per request → ${Math.round(1e6 / median(s.us))} req/s on one free core; wall median ${Math.round(median(s.rps))} req/s`,
  );
for (const s of sides.slice(1))
  console.log(`${s.name} vs ${sides[0]!.name}: ${((median(sides[0]!.us) / median(s.us) - 1) * 100).toFixed(1)}% throughput on a free core`);
for (const s of sides) {
  await s.stop();
  await s.drop();
}
