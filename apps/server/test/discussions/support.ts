import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { articles, discussionMembers, discussions, userBlocks, users } from '../../src/db/schema/index';
import type { PublishedEvent } from '../../src/plugins/app/events/domain-event-bus';
import { plansRepository, setPlanManually } from '../../src/plugins/app/plans/plans-repository';
import type { Agent } from '../support/agent';
import type { TestContext } from '../support/test-app';

const DAY = 86_400_000;

export type AccessType = 'public' | 'invite_only' | 'private';

/** Opens a discussion through the API and returns its resource (fails the test on anything but 201). */
export async function opened(agent: Agent, overrides: Record<string, unknown> = {}) {
  const res = await agent.post('/api/discussions', {
    title: 'Living with type 2 diabetes',
    body: 'What helped you **most** in the first year?',
    access_type: 'public',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; title: string; access_type: AccessType; members_count: number; upvotes_count: number };
}

/** Many discussions straight into the table with known activity times (oldest first), for paging tests. */
export async function manyDiscussions(t: TestContext, ownerId: number, count: number, accessType: AccessType = 'public') {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `bulk${String(i).padStart(8, '0')}`,
    ownerId,
    title: `Bulk discussion ${i}`,
    body: `Body of bulk discussion ${i}`,
    accessType,
    lastActivityAt: sql`now() - ${`${count - i} minutes`}::interval`,
  }));
  await t.db.insert(discussions).values(rows);
  await t.db.insert(discussionMembers).values(rows.map((r) => ({ discussionId: r.id, userId: ownerId, role: 'owner' as const })));
  return rows.map((r) => r.id).reverse();
}

/** Makes the person a reader (read only), a lapsed user (nothing), or a leader, the way billing would. */
export async function givePlan(t: TestContext, userId: number, plan: 'reader' | 'leader' | 'none') {
  await t.db
    .update(users)
    .set({ trialEndsAt: new Date(Date.now() - DAY) })
    .where(eq(users.id, userId));
  const row = plan === 'none' ? null : await plansRepository.findById(t.db, `${plan}-monthly`);
  await setPlanManually(t.db, userId, row ?? null);
}

export async function anArticle(t: TestContext): Promise<string> {
  const [row] = await t.db
    .insert(articles)
    .values({ source: 'curated', externalId: `ext-${Math.random()}`, title: 'Metformin and you' })
    .returning({ id: articles.id });
  return row!.id;
}

export async function block(t: TestContext, blockerId: number, blockedId: number) {
  await t.db.insert(userBlocks).values({ blockerId, blockedId });
}

/** Everything published on the domain-event bus from now on, read after the subscribers settled. */
export function recordEvents(t: TestContext) {
  const events: PublishedEvent[] = [];
  t.app.events.onAny((event) => void events.push(event));
  return async () => {
    await t.app.events.settled();
    return events;
  };
}

export const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((d) => d.id);
