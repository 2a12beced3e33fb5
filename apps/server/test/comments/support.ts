import type { AccessType } from '@wink/contracts';
import { eq, sql } from 'drizzle-orm';
import { comments, discussionMembers, discussions, userBlocks, users } from '../../src/db/schema/index';
import { shortId } from '../../src/lib/crypto';
import { plansRepository, setPlanManually } from '../../src/plugins/app/plans/plans-repository';
import type { TestContext } from '../support/test-app';

const DAY = 86_400_000;

/**
 * A discussion written straight into the tables (the discussions endpoints belong to another part),
 * with the owner's member row and any other members: what the comments endpoints stand on.
 */
export async function discussionOf(
  t: TestContext,
  ownerId: number,
  options: { access?: AccessType; members?: number[]; title?: string } = {},
): Promise<string> {
  const id = shortId(12);
  const members = options.members ?? [];
  await t.db.insert(discussions).values({
    id,
    ownerId,
    title: options.title ?? `Discussion ${id}`,
    body: 'What do we know about this?',
    accessType: options.access ?? 'public',
    membersCount: 1 + members.length,
  });
  await t.db
    .insert(discussionMembers)
    .values([
      { discussionId: id, userId: ownerId, role: 'owner' as const },
      ...members.map((userId) => ({ discussionId: id, userId, role: 'member' as const })),
    ]);
  return id;
}

/** Comments written straight into the table at known instants (i seconds after a base), oldest first. */
export async function commentsAt(
  t: TestContext,
  discussionId: string,
  authorId: number,
  count: number,
  options: { parentId?: string; base?: string } = {},
): Promise<string[]> {
  const base = Date.parse(options.base ?? '2025-03-01T10:00:00Z');
  const rows = await t.db
    .insert(comments)
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: shortId(12),
        discussionId,
        parentId: options.parentId ?? null,
        authorId,
        body: `Comment ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    )
    .returning({ id: comments.id });
  if (options.parentId) {
    await t.db
      .update(comments)
      .set({ repliesCount: sql`${comments.repliesCount} + ${count}` })
      .where(eq(comments.id, options.parentId));
  }
  await t.db
    .update(discussions)
    .set({ commentsCount: sql`${discussions.commentsCount} + ${count}` })
    .where(eq(discussions.id, discussionId));
  return rows.map((row) => row.id);
}

export async function block(t: TestContext, blockerId: number, blockedId: number): Promise<void> {
  await t.db.insert(userBlocks).values({ blockerId, blockedId });
}

/** Puts a person on a plan; setPlanManually also tells the sign-in cache. */
export async function putOnPlan(t: TestContext, userId: number, plan: 'reader' | 'none'): Promise<void> {
  await t.db
    .update(users)
    .set({ trialEndsAt: new Date(Date.now() - DAY) })
    .where(eq(users.id, userId));
  const row = plan === 'reader' ? await plansRepository.findById(t.db, 'reader-monthly') : null;
  await setPlanManually(t.db, userId, row ?? null);
}
