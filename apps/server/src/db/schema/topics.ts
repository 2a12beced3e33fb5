import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { meshDescriptors } from './articles';
import { discussions } from './discussions';
import { users } from './users';

/**
 * A discussion's topics: up to five MeSH descriptors, in the order the owner gave them (docs/data.md
 * "Topic"). The topic page reads it from the descriptor's side, so that side has its own index.
 */
export const discussionTopics = pgTable(
  'discussion_topics',
  {
    discussionId: text('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    descriptorUi: text('descriptor_ui')
      .notNull()
      .references(() => meshDescriptors.ui, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.discussionId, t.descriptorUi] }),
    // The topic page: the discussions tagged with one descriptor (then joined to their activity order).
    index('discussion_topics_descriptor_idx').on(t.descriptorUi, t.discussionId),
  ],
);

/** Who follows a topic: told of each new public discussion tagged with it (topic.discussion.created). */
export const topicFollows = pgTable(
  'topic_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    descriptorUi: text('descriptor_ui')
      .notNull()
      .references(() => meshDescriptors.ui, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.descriptorUi] }), index('topic_follows_descriptor_idx').on(t.descriptorUi, t.userId)],
);
