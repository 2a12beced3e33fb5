import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { articles } from './articles';
import { users } from './users';

/**
 * A person's collections of articles. Every change to a collection's items first locks its row
 * (SELECT ... FOR UPDATE), so the 100-item limit and the gapless positions hold under concurrency.
 * `items_count` is counted from the items when read (an index-only count of at most 100 rows),
 * so nothing can drift from what is really there.
 */
export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isDraft: boolean('is_draft').notNull().default(false),
    /** The link's secret (null until shared); regenerating replaces it, revoking clears it. */
    shareHash: text('share_hash'),
    /** The share hash this collection was copied from, kept even after that link is revoked. */
    savedFrom: text('saved_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly one draft per person: concurrent first visits both INSERT ... ON CONFLICT DO NOTHING, one row wins.
    uniqueIndex('collections_one_draft_idx')
      .on(t.userId)
      .where(sql`is_draft`),
    // The index page: my collections, most recent change first, paged by (updated_at, id).
    index('collections_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    uniqueIndex('collections_share_hash_idx').on(t.shareHash),
  ],
);

/** One article in one collection, at a place in its order (0..n-1, no gaps). */
export const collectionItems = pgTable(
  'collection_items',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    note: text('note'),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An article is in a collection once; the lookup for duplicates reads this too.
    uniqueIndex('collection_items_article_idx').on(t.collectionId, t.articleId),
    // Not unique: a reorder shifts positions one row at a time inside its transaction.
    index('collection_items_position_idx').on(t.collectionId, t.position),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
export type CollectionItemRow = typeof collectionItems.$inferSelect;
