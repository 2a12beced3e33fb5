import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema/index';
import { TEST_PASSWORD, type Agent } from '../support/agent';
import type { TestContext } from '../support/test-app';

export interface Person {
  id: number;
  sid: string;
  name: string;
  display_name: string;
  avatar_color: string;
}

/** Someone signed in through the real doors (CSRF cookie, register), with their row id for direct inserts. */
export async function signedIn(t: TestContext, overrides: Record<string, unknown> = {}) {
  const agent = t.agent();
  const { email } = await agent.register(overrides);
  const me = await person(t, email);
  return { agent, email, me };
}

async function person(t: TestContext, email: string): Promise<Person> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return { id: row.id, sid: row.sid, name: row.name, display_name: row.displayName, avatar_color: row.avatarColor };
}

/** People who exist but never sign in in the test: inserted directly, which is quicker than hashing passwords. */
export async function others(t: TestContext, count: number): Promise<Person[]> {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        sid: `other${String(i).padStart(5, '0')}`,
        name: `Other Person ${i}`,
        displayName: `Other ${i}`,
        email: `other-${i}@example.com`,
        passwordHash: 'not-a-hash',
        avatarColor: '#00838f',
      })),
    )
    .returning();
  return rows.map((row) => ({ id: row.id, sid: row.sid, name: row.name, display_name: row.displayName, avatar_color: row.avatarColor }));
}

/** The public face of a person, as every list shows them. */
export const summaryOf = (p: Person) => ({ sid: p.sid, name: p.name, display_name: p.display_name, avatar_color: p.avatar_color });

/** Signs in the way the Android app does; the agent carries only the bearer token, no cookies. */
export async function tokenClient(t: TestContext, email: string): Promise<Agent> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD, device_name: 'Pixel 8' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const client = t.agent();
  client.bearer = res.json().data.token;
  return client;
}

/** Follows `meta.next_cursor` to the end and returns every page. */
export async function allPages(agent: Agent, url: string) {
  const pages: { data: { sid?: string; id?: string }[]; meta: { next_cursor: string | null; total: number | null } }[] = [];
  let cursor: string | null = null;
  do {
    const res = await agent.get(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    pages.push(page);
    cursor = page.meta.next_cursor;
  } while (cursor && pages.length < 50);
  return pages;
}
