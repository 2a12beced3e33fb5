import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../community/people';
import { opened } from '../discussions/support';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { connect, cookieOf, eventually, listening, record, subscribeTo } from './support';
import { freePort } from '../support/free-port';

const t = useTestApp();

/** CI starts Redis before either suite; the embedded suite unsets REDIS_URL, so the local one is the default here. */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

interface ServerProcess {
  url: string;
  /** Stops it the way an operator does (SIGTERM for a child); resolves with how it ended. */
  stop(): Promise<number | null>;
}

/** `npm start`'s server (src/main.ts) as a child process on this test's PostgreSQL database. */
async function childServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wink-realtime-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: t.databaseUrl!,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      APP_KEY: t.config.appKey,
      POSTING_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const ok = await fetch(`${url}/api/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Two API servers fanning out through one Redis, on one database. On PostgreSQL they are two real
 * processes (src/main.ts); the embedded database admits one process per data folder, so there they
 * are two servers in this process, each with its own socket.io server and its own Redis connections.
 */
async function twoServers(): Promise<[ServerProcess, ServerProcess]> {
  const env = { REDIS_URL, REDIS_PREFIX: `test:${randomUUID()}:` };
  if (t.databaseUrl) return Promise.all([childServer(env), childServer(env)]);
  const servers = [await t.buildApp(env), await t.buildApp(env)].map(async (app) => ({
    url: await listening(app),
    stop: async () => (await app.close(), 0),
  }));
  return Promise.all(servers) as Promise<[ServerProcess, ServerProcess]>;
}

/** A real HTTP request to one of the servers, with the agent's session (as a browser would send it). */
async function postComment(baseUrl: string, agent: Agent, discussionId: string, body: string) {
  const res = await fetch(`${baseUrl}/api/discussions/${discussionId}/comments`, {
    method: 'POST',
    headers: {
      cookie: cookieOf(agent),
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': decodeURIComponent(agent.cookies.get('XSRF-TOKEN')!),
    },
    body: JSON.stringify({ body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

describe('several server processes with Redis', () => {
  it('carries a comment posted on one process to the clients of the other, live and as a notification', async () => {
    const [a, b] = await twoServers();
    try {
      const [owner, reader, commenter] = [await signedIn(t), await signedIn(t), await signedIn(t)];
      const d = await opened(owner.agent, { title: 'Two processes, one conversation' });

      const readerOnB = await connect(b.url, { cookie: cookieOf(reader.agent) });
      const readerOnA = await connect(a.url, { cookie: cookieOf(reader.agent) });
      expect(await subscribeTo(readerOnB, d.id)).toEqual({ ok: true });
      expect(await subscribeTo(readerOnA, d.id)).toEqual({ ok: true });
      const ownerOnB = await connect(b.url, { cookie: cookieOf(owner.agent) });
      const liveOnB = record(readerOnB, 'comment:created');
      const liveOnA = record(readerOnA, 'comment:created');
      const notifiedOnB = record(ownerOnB, 'notification:created');

      const posted = await postComment(a.url, commenter.agent, d.id, 'Posted on process A.');
      await eventually(() => liveOnB.length === 1 && liveOnA.length === 1 && notifiedOnB.length === 1, 10_000);
      expect(liveOnB[0]).toMatchObject({ discussion_id: d.id, comment: { id: posted.id, body: 'Posted on process A.' } });
      expect(liveOnA[0]).toEqual(liveOnB[0]);
      expect(notifiedOnB[0]).toMatchObject({ notification: { type: 'comment.created', data: { comment_id: posted.id } }, unread_count: 1 });

      // And back the other way.
      const answer = await postComment(b.url, owner.agent, d.id, 'Answered on process B.');
      await eventually(() => liveOnA.length === 2, 10_000);
      expect(liveOnA[1]!.comment.id).toBe(answer.id);
    } finally {
      // Clients still connected: shutting down must not wait for them.
      expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    }
  }, 120_000);
});
