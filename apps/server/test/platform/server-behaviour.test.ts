import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

describe('behind a proxy', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: 2 } });

  it('counts attempts per client address from X-Forwarded-For when TRUST_PROXY is set', async () => {
    const agent = t.agent();
    await agent.csrf();
    const from = (ip: string) => agent.post('/check-email', { email: 'a@example.com' }, { 'x-forwarded-for': ip });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
  });
});

describe('not behind a proxy', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'false', RATE_LIMIT_IP_PER_MINUTE: 2 } });

  it('ignores X-Forwarded-For, so a client cannot dodge limits by inventing addresses', async () => {
    const agent = t.agent();
    await agent.csrf();
    const statuses = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push((await agent.post('/check-email', { email: 'a@example.com' }, { 'x-forwarded-for': ip })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('graceful shutdown', () => {
  const t = useTestApp();

  it('finishes a request already in flight before closing', async () => {
    const app = await t.buildApp();
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => (started = resolve));
    app.get('/api/slow', async () => {
      started();
      await new Promise((r) => setTimeout(r, 300));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const pending = fetch(`http://127.0.0.1:${port}/api/slow`);
    // Close once the request is being handled: one that arrives after close() begins gets a 503.
    await inHandler;
    const closing = app.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/api/`)).rejects.toThrow();
  });
});
