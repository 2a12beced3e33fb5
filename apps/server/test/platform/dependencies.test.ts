import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../../src/lib/connection-errors';
import { watchedRedis } from '../../src/lib/redis';
import { DependencyHealth } from '../../src/lib/dependency-health';
import { opened } from '../discussions/support';
import { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { freePort as deadPort } from '../support/free-port';

const t = useTestApp();

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => void lines.push({ level, msg });
  const log = { warn: at('warn'), info: at('info'), error: at('error') } as never;
  return { log, lines };
}

describe('dependency health', () => {
  it('tells a lost connection from a refused statement, through the wrappers around it', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isConnectionError(terminated)).toBe(true);
    expect(isConnectionError(new Error('Failed query: insert ...', { cause: terminated }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(new Error('invalid byte sequence for encoding "UTF8": 0x00'))).toBe(false);
  });

  it('warns once per outage however many failures it sees, and once more when it ends', async () => {
    const { log, lines } = recordingLog();
    const health = new DependencyHealth('Redis', log, 'live events stay in this process');
    for (let i = 0; i < 50; i++) health.failed(new Error('connect ECONNREFUSED'));
    const back = health.whenUp();
    expect(health.up).toBe(false);
    health.recovered();
    health.recovered();
    await back;
    health.failed(new Error('connect ECONNREFUSED'));
    expect(lines.map((l) => l.msg.replace(/[\d.]+ s$/, 'N s'))).toEqual([
      'Redis is unreachable: live events stay in this process',
      'Redis is back after N s',
      'Redis is unreachable: live events stay in this process',
    ]);
  });

  it('says in the health route that the database answers and Redis is not configured', async () => {
    const app = await t.buildApp({ REDIS_URL: undefined });
    const res = await app.inject({ url: '/api/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', dependencies: { database: 'up', redis: 'off' } });
  });

  it('keeps every write working with Redis down: limits count in this process, the health route says Redis is down', async () => {
    const app = await t.buildApp({ REDIS_URL: `redis://127.0.0.1:${await deadPort()}` });
    const agent = new Agent(app);
    // Registration and sign-in are rate limited: counted here instead of in Redis.
    await agent.register();
    const discussion = await opened(agent, { title: 'Still writing without Redis' });
    for (let i = 0; i < 5; i++) {
      const res = await agent.post(`/api/discussions/${discussion.id}/comments`, { body: `Comment ${i} while Redis is away.` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const health = await app.inject({ url: '/api/' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', dependencies: { database: 'up', redis: 'down' } });
  });

  it('drops the commands nobody awaits when a Redis connection closes, and still rejects those awaited', async () => {
    const { log } = recordingLog();
    const client = watchedRedis(`redis://127.0.0.1:${await deadPort()}`, new DependencyHealth('Redis', log, 'testing'));
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      // As the socket.io adapter does: SUBSCRIBE sent and its promise left alone.
      void client.subscribe('wink-test-channel');
      const awaited = client.get('wink-test-key');
      client.disconnect();
      await expect(awaited).rejects.toThrow('Connection is closed.');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
