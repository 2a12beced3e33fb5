import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@wink/contracts';
import { usersRepository } from '../../src/plugins/app/users/users-repository';
import { useTestApp } from '../support/test-app';
import { admin, person, registeredRoutes, type RouteEntry } from './support';

/** Real-looking values for the path's parameters: the guard must refuse before anything is looked up. */
function fill(route: RouteEntry, sid: string): string {
  return route.url.replace(':sid', sid).replace(':id', route.url.includes('/reports/') ? randomUUID() : 'reader-monthly');
}

/** A body that would change something if it got through. */
const BODY: Record<string, unknown> = {
  retry_after: 60,
  plan_id: 'leader-monthly',
  name: 'Free for all',
  unit_amount: 0,
  type: 'leader_subscription',
  active: false,
};

describe('admin routes refuse everyone but admins', () => {
  const t = useTestApp();

  it('finds the admin routes in the app itself', () => {
    const routes = registeredRoutes(t.app, '/api/admin/');
    // Every part of the console: figures, plans, users, reports and maintenance.
    for (const part of ['stats', 'plans', 'users', 'reports', 'maintenance']) {
      expect(
        routes.some((r) => r.url.startsWith(`/api/admin/${part}`)),
        part,
      ).toBe(true);
    }
    expect(routes.filter((r) => r.method !== 'GET').length).toBeGreaterThanOrEqual(8);
  });

  it('answers a normal user 403 with a sentence, and a guest 401, on every admin route; nothing changes', async () => {
    const routes = registeredRoutes(t.app, '/api/admin/');
    const member = await person(t, { name: 'Norma Member' });
    const guest = t.agent();
    await guest.csrf(); // a guest session with a CSRF token: what is left to refuse is who they are
    for (const route of routes) {
      const url = fill(route, member.sid);
      const body = route.method === 'GET' ? undefined : BODY;
      const asMember = await member.agent.request(route.method, url, body);
      expect(asMember.statusCode, `${route.method} ${route.url} as a user`).toBe(403);
      expect(asMember.json(), `${route.method} ${route.url} as a user`).toEqual({ message: ADMIN_MESSAGES.adminsOnly });
      const asGuest = await guest.request(route.method, url, body);
      expect(asGuest.statusCode, `${route.method} ${route.url} as a guest`).toBe(401);
      expect(asGuest.json()).toEqual({ message: 'Unauthenticated.' });
    }
    // Nothing got through: no maintenance, no ban, no new or changed plan, no plan change.
    expect((await t.app.inject({ url: '/api/' })).statusCode).toBe(200);
    const me = (await member.agent.get('/api/user')).json().data;
    expect(me).toMatchObject({ banned: false, subscription: null });
    const plans = (await t.app.inject({ url: '/api/subscription/plans' })).json().data;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['reader-monthly', 'leader-monthly']);
  });

  it('lets an admin read every admin list and figure', async () => {
    const routes = registeredRoutes(t.app, '/api/admin/').filter((r) => r.method === 'GET' && !r.url.includes(':'));
    const { agent } = await admin(t);
    for (const route of routes) {
      const res = await agent.get(route.url);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
    }
  });

  it('checks the role on every request: an admin demoted is refused at once', async () => {
    const ada = await admin(t);
    expect((await ada.agent.get('/api/admin/stats')).statusCode).toBe(200);
    // Through the repository, which tells the auth cache, as any role change in this process would.
    await usersRepository.update(t.db, ada.row.id, { role: 'user' });
    expect((await ada.agent.get('/api/admin/stats')).statusCode).toBe(403);
  });
});
