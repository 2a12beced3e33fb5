import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { articles } from './articles';
import { comments, discussions } from './discussions';

/**
 * The corpus articles a text cites: a comment's (comment_id set) or a discussion's
 * own body (comment_id null), read out of the text each time it is written. Positions keep the order
 * written; the article's side has its own index for the drawer's "cited in" list.
 */
export const articleCitations = pgTable(
  'article_citations',
  {
    discussionId: text('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('article_citations_comment_idx')
      .on(t.commentId, t.articleId)
      .where(sql`comment_id IS NOT NULL`),
    uniqueIndex('article_citations_discussion_idx')
      .on(t.discussionId, t.articleId)
      .where(sql`comment_id IS NULL`),
    index('article_citations_article_idx').on(t.articleId, t.createdAt.desc()),
  ],
);
