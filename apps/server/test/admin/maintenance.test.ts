import { describe, expect, it } from 'vitest';
import { MaintenanceMode } from '../../src/plugins/app/maintenance/maintenance-store';
import { useTestApp } from '../support/test-app';
import { admin, person } from './support';

describe('admin: maintenance', () => {
  const t = useTestApp();

  it('switches maintenance on with a retry time for everyone but admins, and off again', async () => {
    const ada = await admin(t);
    const member = await person(t);
    expect((await ada.agent.get('/api/admin/maintenance')).json().data).toEqual({ enabled: false, retry_after: null, since: null });

    const on = await ada.agent.post('/api/admin/maintenance', { retry_after: 120 });
    expect(on.json().data).toMatchObject({ enabled: true, retry_after: 120 });
    const down = await member.agent.get('/api/user');
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('120');
    expect(down.json().maintenance).toEqual({ retry_after: 120 });
    expect((await t.app.inject({ url: '/api/' })).statusCode).toBe(503);
    // The admin keeps the app, and the console to switch it off.
    expect((await ada.agent.get('/api/user')).statusCode).toBe(200);
    expect((await ada.agent.get('/api/admin/maintenance')).json().data.enabled).toBe(true);

    const off = await ada.agent.delete('/api/admin/maintenance');
    expect(off.json().data).toEqual({ enabled: false, retry_after: null, since: null });
    expect((await member.agent.get('/api/user')).statusCode).toBe(200);
  });

  it('uses the same switch as npm run down: a second server process on the same data follows', async () => {
    const ada = await admin(t);
    const other = await t.buildApp();
    await ada.agent.post('/api/admin/maintenance', { retry_after: 30 });
    await other.maintenance.refresh();
    expect((await other.inject({ url: '/api/' })).statusCode).toBe(503);
  });

  it('refuses a retry time out of range', async () => {
    const { agent } = await admin(t);
    for (const retry_after of [0, 86_401, 'soon']) {
      const res = await agent.post('/api/admin/maintenance', { retry_after });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.retry_after).toHaveLength(1);
    }
    expect((await agent.get('/api/admin/maintenance')).json().data.enabled).toBe(false);
  });
});

describe('maintenance switch in one process', () => {
  it('is not undone by a poll that read the store before the switch', async () => {
    const on = { retry_after: 60, since: new Date().toISOString() };
    let stored: typeof on | null = on;
    let release: () => void = () => undefined;
    const store = {
      // The poll's read is slow: it answers with what the store held when it started.
      read: () => {
        const seen = stored;
        return new Promise<typeof on | null>((resolve) => (release = () => resolve(seen)));
      },
      write: async (state: typeof on | null) => void (stored = state),
    };
    const mode = new MaintenanceMode(store, 1000);
    const poll = mode.refresh();
    await mode.set(null);
    release();
    await poll;
    expect(mode.current).toBeNull();
  });
});
