import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServerIfStale, SERVER_BUNDLE } from '../../apps/server/scripts/build-server.mjs';
import { defer, track } from './cleanup';
import { request } from './http';
import { freePort } from './ports';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';
const STOP_GRACE_MS = 15_000;

export interface Server {
  name: string;
  baseUrl: string;
  stop(): Promise<void>;
  /** The last 8,000 characters the process wrote (stdout and stderr). */
  output(): string;
}

/**
 * Starts `node <args>` from the repo root and waits until `readyPath` answers 200.
 * The child is stopped (SIGTERM, then SIGKILL) by `stop()` or at cleanup.
 */
async function startNode(name: string, args: string[], readyPath: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort(HOST);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-8_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = defer(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  });

  const baseUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready:\n${output}`);
    const status = await request(`${baseUrl}${readyPath}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer 200 on ${readyPath} in time (last status ${status}):\n${output}`);
    }
    await sleep(200);
  }
  return { name, baseUrl, stop, output: () => output };
}

/** Environment for children: this process's, without the variables that would point them elsewhere. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.REDIS_URL;
  delete env.DATABASE_URL;
  return env;
}

/** The real Wink server (apps/server) with demo data, on PGlite in a temporary folder or on `databaseUrl`. */
export async function startWinkServer(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wink-bench-'));
  const removeDir = defer(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    // The benchmarks bring their own vocabularies (bench:search a synthetic full-size one); bench:mesh asks for `full`.
    MESH_VOCABULARY: 'demo',
    RATE_LIMIT_IP_PER_MINUTE: '100000000',
    RATE_LIMIT_EMAIL_PER_MINUTE: '100000000',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // The server as `npm start` runs it: its bundle, rebuilt when the sources changed.
  await buildServerIfStale();
  const server = await startNode('Wink server', ['--enable-source-maps', SERVER_BUNDLE], '/api/', env);
  return {
    ...server,
    async stop() {
      await server.stop();
      await removeDir();
    },
  };
}

/** bench/bare-server.ts: Fastify with one route and nothing else, the baseline. */
export function startBareServer(): Promise<Server> {
  return startNode('bare Fastify server', ['--import', 'tsx', 'bench/bare-server.ts'], '/bare', baseEnv());
}
