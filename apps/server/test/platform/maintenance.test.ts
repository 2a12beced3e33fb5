import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

const down = { retry_after: 120, since: new Date().toISOString() };

/** Asks GET /api/ until it answers `wanted` or `ms` pass: what another process sees after a switch. */
async function healthWithin(app: FastifyInstance, ms: number, wanted: number) {
  const until = Date.now() + ms;
  let res = await app.inject({ url: '/api/' });
  while (res.statusCode !== wanted && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    res = await app.inject({ url: '/api/' });
  }
  return res;
}

describe('maintenance mode', () => {
  const t = useTestApp();

  it('answers every API and account route with 503, Retry-After and the retry in the body', async () => {
    const agent = t.agent();
    await agent.register();
    await t.app.maintenance.set(down);
    for (const [method, url] of [
      ['GET', '/api/'],
      ['GET', '/api/user'],
      ['GET', '/api/subscription/plans'],
      ['POST', '/login'],
      ['GET', '/sanctum/csrf-cookie'],
    ] as const) {
      const res = await agent.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(503);
      expect(res.headers['retry-after']).toBe('120');
      expect(res.json()).toEqual({ message: 'We are down for maintenance and will be back shortly.', maintenance: { retry_after: 120 } });
    }
  });

  it('still serves the web app', async () => {
    await t.app.maintenance.set(down);
    const page = await t.app.inject({ url: '/discussions', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('ends when switched off', async () => {
    await t.app.maintenance.set(down);
    await t.app.maintenance.set(null);
    expect((await t.app.inject({ url: '/api/' })).statusCode).toBe(200);
  });

  it('reaches another running process within 2 seconds (what npm run down does)', async () => {
    const other = await t.buildApp({ MAINTENANCE_POLL_MS: 250 }, true);
    await t.app.maintenance.store.write(down);
    expect((await healthWithin(other, 2000, 503)).statusCode).toBe(503);
    await t.app.maintenance.store.write(null);
    expect((await healthWithin(other, 2000, 200)).statusCode).toBe(200);
  });
});

describe('maintenance for routes that do not exist', () => {
  const t = useTestApp();

  it('answers unknown API paths with 503 too, so clients see maintenance rather than a 404', async () => {
    await t.app.maintenance.set(down);
    expect((await t.app.inject({ url: '/api/not-built-yet' })).statusCode).toBe(503);
  });
});

// On the embedded database the CLI writes a file (the CLI tests cover it); on PostgreSQL it writes a
// row that every server process reads, which only the PostgreSQL run of this suite can show.
if (process.env.DATABASE_URL)
  describe('npm run down on PostgreSQL', () => {
    const t = useTestApp();

    it('switches a running server from another process, and back', async () => {
      const { execFile } = await import('node:child_process');
      const { promisify } = await import('node:util');
      const cli = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
          cwd: new URL('../..', import.meta.url).pathname,
          env: { ...process.env, DATABASE_URL: t.databaseUrl!, LOG_LEVEL: 'silent' },
        });
      const server = await t.buildApp({ MAINTENANCE_POLL_MS: 200 }, true);
      await cli('down', '--retry=45');
      const res = await healthWithin(server, 2000, 503);
      expect(res.statusCode).toBe(503);
      expect(res.json().maintenance.retry_after).toBe(45);
      await cli('up');
      expect((await healthWithin(server, 2000, 200)).statusCode).toBe(200);
    });
  });
