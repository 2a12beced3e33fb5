import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  healthbotConversations,
  healthbotMessages,
  type HealthbotConversationRow,
  type HealthbotMessageRow,
} from '../../../db/schema/index';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';

export type NewMessage = typeof healthbotMessages.$inferInsert;

/** Conversations and their messages; every read is scoped to the owner, so another person's is simply absent. */
export const healthbotRepository = {
  async listPage(db: DbOrTx, userId: number, position: Position | null, size: number) {
    const rows = await db
      .select({
        id: healthbotConversations.id,
        userId: healthbotConversations.userId,
        title: healthbotConversations.title,
        createdAt: healthbotConversations.createdAt,
        updatedAt: healthbotConversations.updatedAt,
        cursorAt: cursorTime(healthbotConversations.updatedAt),
      })
      .from(healthbotConversations)
      .where(
        and(eq(healthbotConversations.userId, userId), olderThan(healthbotConversations.updatedAt, healthbotConversations.id, position)),
      )
      .orderBy(desc(healthbotConversations.updatedAt), desc(healthbotConversations.id))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.id);
  },

  async count(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(healthbotConversations).where(eq(healthbotConversations.userId, userId));
    return row?.n ?? 0;
  },

  async findOwned(db: DbOrTx, userId: number, id: string): Promise<HealthbotConversationRow | null> {
    const [row] = await db
      .select()
      .from(healthbotConversations)
      .where(and(eq(healthbotConversations.id, id), eq(healthbotConversations.userId, userId)));
    return row ?? null;
  },

  async messages(db: DbOrTx, conversationId: string): Promise<HealthbotMessageRow[]> {
    return db
      .select()
      .from(healthbotMessages)
      .where(eq(healthbotMessages.conversationId, conversationId))
      .orderBy(asc(healthbotMessages.createdAt), asc(healthbotMessages.id));
  },

  async insertConversation(db: DbOrTx, row: { id: string; userId: number; title: string; at: Date }): Promise<HealthbotConversationRow> {
    const [inserted] = await db
      .insert(healthbotConversations)
      .values({ id: row.id, userId: row.userId, title: row.title, createdAt: row.at, updatedAt: row.at })
      .returning();
    return inserted!;
  },

  async touch(db: DbOrTx, id: string, at: Date): Promise<HealthbotConversationRow | null> {
    const [row] = await db.update(healthbotConversations).set({ updatedAt: at }).where(eq(healthbotConversations.id, id)).returning();
    return row ?? null;
  },

  async insertMessage(db: DbOrTx, message: NewMessage): Promise<HealthbotMessageRow> {
    const [row] = await db.insert(healthbotMessages).values(message).returning();
    return row!;
  },

  async deleteOwned(db: DbOrTx, userId: number, id: string): Promise<boolean> {
    const rows = await db
      .delete(healthbotConversations)
      .where(and(eq(healthbotConversations.id, id), eq(healthbotConversations.userId, userId)))
      .returning({ id: healthbotConversations.id });
    return rows.length > 0;
  },

  async deleteAll(db: DbOrTx, userId: number): Promise<number> {
    const rows = await db
      .delete(healthbotConversations)
      .where(eq(healthbotConversations.userId, userId))
      .returning({ id: healthbotConversations.id });
    return rows.length;
  },
};
