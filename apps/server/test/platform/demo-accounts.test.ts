import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/seed';
import { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

const discussion = (n: number) => ({ title: `Question number ${n}`, body: 'What do you think?', access_type: 'public' });

/** docs/decisions.md: demo accounts are established accounts; first-day limits apply to new ones. */
describe('posting limits of demo accounts and new accounts', () => {
  it('lets a demo account post past the first-day limit of three discussions an hour', async () => {
    await seedDemo(t.db);
    const app = await t.buildApp({ POSTING_LIMIT_SCALE: 1 });
    const agent = new Agent(app);
    expect((await agent.login('leader@demo.health', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let n = 1; n <= 4; n++) expect((await agent.post('/api/discussions', discussion(n))).statusCode).toBe(201);
  });

  it('keeps the first-day limit for a new account and says when to try again', async () => {
    const app = await t.buildApp({ POSTING_LIMIT_SCALE: 1 });
    const agent = new Agent(app);
    await agent.register();
    for (let n = 1; n <= 3; n++) expect((await agent.post('/api/discussions', discussion(n))).statusCode).toBe(201);
    const refused = await agent.post('/api/discussions', discussion(4));
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: expect.any(String), retry_after: wait });
  });
});
