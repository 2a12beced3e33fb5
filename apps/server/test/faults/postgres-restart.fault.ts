import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../delivery/support/server-process';
import { useTestApp } from '../support/test-app';
import { aConversation, lostComments, report, serverEnv } from './support/community';
import { startTcpProxy, throughProxy } from './support/tcp-proxy';
import { waitFor, Writers } from './support/writers';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The outage: long enough for every pooled connection and a few reconnection attempts to fail. */
const OUTAGE_MS = 3000;

describe('PostgreSQL restarts under load', () => {
  it('keeps the process alive, loses no acknowledged comment and serves again within 5 s', async () => {
    const direct = new URL(t.databaseUrl!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wink-fault-pg-'));
    closers.push(proxy.close, () => rm(dataDir, { recursive: true, force: true }));
    const server: ServerProcess = await startServerProcess({ ...serverEnv(dataDir), DATABASE_URL: throughProxy(t.databaseUrl!, proxy) });
    closers.push(() => server.stop());

    const { discussionId, writers: sessions } = await aConversation(server.baseUrl, 4);
    const writers = new Writers();
    writers.start(sessions, discussionId);
    await waitFor('writes before the restart', () => writers.acknowledged.length >= 20, 30_000);

    // The "restart": the network to PostgreSQL cut, and the server's backends ended by PostgreSQL
    // itself (57P01, what a restart sends), on this test's database only.
    proxy.cut();
    const admin = new pg.Client({ connectionString: t.databaseUrl! });
    await admin.connect();
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    const health = async () => (await fetch(`${server.baseUrl}/api/`)).status;
    await waitFor('the health route to say the database is down', async () => (await health()) === 503, 10_000);
    const down = (await (await fetch(`${server.baseUrl}/api/`)).json()) as { dependencies: unknown; maintenance: unknown };
    expect(down).toMatchObject({ dependencies: { database: 'down' }, maintenance: { retry_after: 5 } });
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));

    const restoredAt = Date.now();
    proxy.restore();
    await waitFor('a comment acknowledged after PostgreSQL is back', () => writers.ackedSince(restoredAt) > 0, 10_000);
    const recoverySeconds = writers.secondsToFirstAckSince(restoredAt);
    await waitFor('more writes after the restart', () => writers.ackedSince(restoredAt) >= 20, 30_000);
    await writers.stop();

    expect(server.child.exitCode).toBeNull();
    expect(await health()).toBe(200);
    const lost = await lostComments(
      t.db,
      writers.acknowledged.map((a) => a.id),
    );
    report('postgres-restart', {
      writes: writers.summary(),
      lost: lost.length,
      recovery_seconds: recoverySeconds.toFixed(2),
    });
    expect(lost).toEqual([]);
    expect(recoverySeconds).toBeLessThan(5);
    // Refusals during the outage are the catalogue's 503, never a 500 or a hang.
    expect([...writers.statuses.keys()].sort()).toEqual(['201', '503']);
    const log = server.output();
    expect(log.match(/PostgreSQL is unreachable/g)).toHaveLength(1);
    expect(log).toMatch(/PostgreSQL is back after/);
    expect(log).not.toMatch(/Unhandled|uncaught/i);
  });
});
