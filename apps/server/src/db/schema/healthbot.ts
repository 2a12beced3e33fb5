import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One conversation with Wink, the healthbot; kept per person until they delete it (or their account). */
export const healthbotConversations = pgTable(
  'healthbot_conversations',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The panel's list: my conversations, most recent first, paged by (updated_at, id).
  (t) => [index('healthbot_conversations_user_updated_idx').on(t.userId, t.updatedAt, t.id)],
);

/** The citation as stored with an answer (the wire's `healthbot_citation`). */
export interface StoredCitation {
  n: number;
  article_id: string;
  title: string;
  source: 'pubmed' | 'medlineplus' | 'curated';
  url: string | null;
  quote: string;
}

/** A question (role user) or an answer (role assistant) in a conversation, oldest first. */
export const healthbotMessages = pgTable(
  'healthbot_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => healthbotConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    kind: text('kind').$type<'answer' | 'emergency' | 'no_results' | 'refusal'>(),
    engine: text('engine').$type<'offline' | 'llm'>(),
    fellBack: boolean('fell_back').notNull().default(false),
    citations: jsonb('citations').$type<StoredCitation[]>().notNull().default([]),
    searchQuery: text('search_query'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('healthbot_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id)],
);

export type HealthbotConversationRow = typeof healthbotConversations.$inferSelect;
export type HealthbotMessageRow = typeof healthbotMessages.$inferSelect;
