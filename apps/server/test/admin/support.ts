import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../src/db/schema/index';
import type { Agent } from '../support/agent';
import type { TestContext } from '../support/test-app';

/** A signed-in person as a row and a browser; `admin` makes them one the way the CLI does (role column). */
export async function person(t: TestContext, options: { admin?: boolean; name?: string; email?: string } = {}) {
  const agent = t.agent();
  const { email, password, user } = await agent.register({
    ...(options.name && { name: options.name, display_name: options.name.split(' ')[0] }),
    ...(options.email && { email: options.email }),
  });
  const [row] = await t.db
    .update(users)
    .set({ role: options.admin ? 'admin' : 'user' })
    .where(eq(users.email, email))
    .returning();
  return { agent, email, password, sid: user.sid, row: row! };
}

export const admin = (t: TestContext) => person(t, { admin: true, name: 'Ada Admin' });

/** Opens a discussion as `agent` and answers its id. */
export async function discussionBy(agent: Agent, title = 'Managing migraines without medication') {
  const res = await agent.post('/api/discussions', { title, body: 'What has worked for you?', access_type: 'public' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

export async function commentBy(agent: Agent, discussionId: string, body = 'Magnesium helped me a lot.') {
  const res = await agent.post(`/api/discussions/${discussionId}/comments`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
}

/**
 * Every route the app registered under a prefix, read from the router itself (`printRoutes` per
 * method: a tree whose lines are path segments, children indented four characters under parents).
 */
export function registeredRoutes(app: FastifyInstance, prefix: string): RouteEntry[] {
  const found: RouteEntry[] = [];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const stack: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false, method }).split('\n')) {
      const match = /^([│├└─\s]*?)(?:[├└]── )(\S+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      stack.length = depth;
      stack.push(match[2]!);
      const url = stack.join('');
      if (match[3]?.split(', ').includes(method) && url.startsWith(prefix)) found.push({ method, url });
    }
  }
  return found;
}
