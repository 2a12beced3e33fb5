import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

describe('a fresh installation', () => {
  const t = useTestApp();

  it('answers health and lets a person register and read themselves', async () => {
    expect((await t.app.inject({ url: '/api/' })).json()).toEqual({
      status: 'ok',
      dependencies: { database: 'up', redis: process.env.REDIS_URL ? 'up' : 'off' },
    });
    const agent = t.agent();
    const { email } = await agent.register();
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(email);
  });
});
