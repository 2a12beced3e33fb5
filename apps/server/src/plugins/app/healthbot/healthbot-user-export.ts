import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { healthbotConversations, healthbotMessages } from '../../../db/schema/index';

/**
 * My conversations with Wink for GET user/export (the right of access): every one, oldest first, with
 * every question and answer as stored, citations included. Two statements however many there are.
 */
export async function conversationsForUserExport(db: DbOrTx, userId: number) {
  const [rows, messages] = await Promise.all([
    db
      .select()
      .from(healthbotConversations)
      .where(eq(healthbotConversations.userId, userId))
      .orderBy(asc(healthbotConversations.createdAt), asc(healthbotConversations.id)),
    db
      .select({ message: healthbotMessages })
      .from(healthbotMessages)
      .innerJoin(healthbotConversations, eq(healthbotConversations.id, healthbotMessages.conversationId))
      .where(eq(healthbotConversations.userId, userId))
      .orderBy(asc(healthbotMessages.createdAt), asc(healthbotMessages.id)),
  ]);
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    messages: messages
      .map((m) => m.message)
      .filter((m) => m.conversationId === c.id)
      .map((m) => ({
        role: m.role,
        content: m.content,
        kind: m.kind,
        engine: m.engine,
        fell_back: m.fellBack,
        citations: m.citations,
        created_at: m.createdAt.toISOString(),
      })),
  }));
}
