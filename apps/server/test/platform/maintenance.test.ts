import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

const down = { retry_after: 120, since: new Date().toISOString() };

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
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 2000) {
      status = (await other.inject({ url: '/api/' })).statusCode;
      if (status === 503) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(503);
    await t.app.maintenance.store.write(null);
    await new Promise((r) => setTimeout(r, 400));
    expect((await other.inject({ url: '/api/' })).statusCode).toBe(200);
  });
});

describe('maintenance for routes that do not exist', () => {
  const t = useTestApp();

  it('answers unknown API paths with 503 too, so clients see maintenance rather than a 404', async () => {
    await t.app.maintenance.set(down);
    expect((await t.app.inject({ url: '/api/not-built-yet' })).statusCode).toBe(503);
  });
});
