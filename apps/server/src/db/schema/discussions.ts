import type { AccessType, MembershipRole, ReportReason } from '@wink/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { articles, tsvector } from './articles';
import { createdNow, personId } from './columns';
import { users } from './users';

// The columns this file's tables repeat (with ./columns.ts); each call builds a fresh column.
/** The discussion the row belongs to: it goes with the discussion. */
const discussionId = () =>
  text('discussion_id')
    .notNull()
    .references((): AnyPgColumn => discussions.id, { onDelete: 'cascade' });
/** The comment the row belongs to: it goes with the comment. */
const commentId = () =>
  text('comment_id')
    .notNull()
    .references((): AnyPgColumn => comments.id, { onDelete: 'cascade' });

/**
 * A discussion. Ids are short random strings (they appear in URLs); the counters are kept in step by
 * the same transaction that changes what they count, so a page reads them without counting rows.
 */
export const discussions = pgTable(
  'discussions',
  {
    id: text('id').primaryKey(),
    ownerId: personId('owner_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * The body as its page shows it (markdownToHtml of @wink/contracts/markdown), written in the same
     * statement as the body, so a read never renders Markdown. Null only for a row written before
     * migration 0029 or by hand, until the start-up pass (discussionsRepository.renderMissingBodies)
     * fills it; a read meanwhile renders it.
     */
    bodyHtml: text('body_html'),
    /** The owner's public words about an invite-only discussion, for non-members (plain text, at most 300 characters). */
    summary: text('summary'),
    accessType: text('access_type').$type<AccessType>().notNull(),
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'set null' }),
    commentsCount: integer('comments_count').notNull().default(0),
    /** The owner counts as a member. */
    membersCount: integer('members_count').notNull().default(1),
    upvotesCount: integer('upvotes_count').notNull().default(0),
    /** Title (A) and body (B), for the search inside the discussions list. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${discussions.title}), 'A') || setweight(to_tsvector('english', ${discussions.body}), 'B')`,
      ),
    /**
     * Title (A) and summary (B): what a non-member of an invite-only discussion may find it by. The
     * body's words must not match for them, or a search would tell them what the body says.
     */
    publicSearchVector: tsvector('public_search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${discussions.title}), 'A') || setweight(to_tsvector('english', coalesce(${discussions.summary}, '')), 'B')`,
      ),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a moderator hides it: it then exists for nobody but the admin console. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    check('discussions_access_type_check', sql`${t.accessType} IN ('public', 'invite_only', 'private')`),
    check('discussions_summary_length_check', sql`char_length(${t.summary}) <= 300`),
    // The list: most recent activity first, paged by (last_activity_at, id). Ascending indexes on purpose:
    // read backwards they give `DESC` order with PostgreSQL's default NULLS FIRST, which `.desc()` (NULLS LAST) would not.
    index('discussions_activity_idx').on(t.lastActivityAt, t.id),
    index('discussions_owner_idx').on(t.ownerId, t.createdAt),
    // Counting what a viewer may see reads only this (an index-only scan), not the wide rows.
    index('discussions_visibility_idx').on(t.accessType, t.ownerId, t.id),
    index('discussions_article_idx').on(t.articleId),
    index('discussions_search_idx').using('gin', t.searchVector),
    index('discussions_public_search_idx').using('gin', t.publicSearchVector),
  ],
);

/** Who belongs to a discussion; the owner has a row too, with role `owner`. */
export const discussionMembers = pgTable(
  'discussion_members',
  {
    discussionId: discussionId(),
    userId: personId('user_id'),
    role: text('role').$type<MembershipRole>().notNull().default('member'),
    createdAt: createdNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] }), index('discussion_members_user_idx').on(t.userId, t.discussionId)],
);

/** A non-member's request to join an invite-only discussion: one per person and discussion, ever. */
export const discussionAccessRequests = pgTable(
  'discussion_access_requests',
  {
    id: text('id').primaryKey(),
    discussionId: discussionId(),
    userId: personId('user_id'),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    createdAt: createdNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('discussion_access_requests_once_idx').on(t.discussionId, t.userId),
    index('discussion_access_requests_user_idx').on(t.userId),
  ],
);

/**
 * Comments and their replies (one level deep: a reply's parent has no parent). Deleting keeps the row
 * and its place in the thread: `deleted_at` is set and the body emptied.
 */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    discussionId: discussionId(),
    parentId: text('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Null when the author's account is gone; the thread stays. */
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    repliesCount: integer('replies_count').notNull().default(0),
    upvotesCount: integer('upvotes_count').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set when a moderator hides it: readers see it as deleted, its words are kept for the record. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdNow(),
  },
  (t) => [
    // Top-level comments of a discussion, oldest first.
    index('comments_top_level_idx')
      .on(t.discussionId, t.createdAt, t.id)
      .where(sql`parent_id IS NULL`),
    // Replies of a comment, oldest first.
    index('comments_replies_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`parent_id IS NOT NULL`),
    // A profile's replies tab, newest first.
    index('comments_author_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

export const discussionUpvotes = pgTable(
  'discussion_upvotes',
  {
    discussionId: discussionId(),
    userId: personId('user_id'),
    createdAt: createdNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] }), index('discussion_upvotes_user_idx').on(t.userId, t.createdAt)],
);

export const commentUpvotes = pgTable(
  'comment_upvotes',
  {
    commentId: commentId(),
    userId: personId('user_id'),
    createdAt: createdNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_upvotes_user_idx').on(t.userId)],
);

/** Who follows a comment thread (authors follow their own): told when it gets a reply. */
export const commentFollows = pgTable(
  'comment_follows',
  {
    commentId: commentId(),
    userId: personId('user_id'),
    createdAt: createdNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_follows_user_idx').on(t.userId)],
);

/** Who follows whom. */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: personId('follower_id'),
    followedId: personId('followed_id'),
    createdAt: createdNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    index('user_follows_followed_idx').on(t.followedId),
    index('user_follows_follower_created_idx').on(t.followerId, t.createdAt),
  ],
);

/** The moderation queue: one report per person and piece of content; the admin console works it. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: personId('reporter_id'),
    discussionId: discussionId(),
    /** Null when the discussion itself is reported. */
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** Whose content it is, kept so the queue can show "reports against this person". */
    reportedUserId: bigint('reported_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<'open' | 'dismissed' | 'actioned'>().notNull().default('open'),
    createdAt: createdNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_once_per_discussion_idx')
      .on(t.reporterId, t.discussionId)
      .where(sql`comment_id IS NULL`),
    uniqueIndex('reports_once_per_comment_idx')
      .on(t.reporterId, t.commentId)
      .where(sql`comment_id IS NOT NULL`),
    index('reports_queue_idx').on(t.status, t.createdAt),
    index('reports_reported_user_idx').on(t.reportedUserId),
  ],
);

/** A discussion as services read it: everything but the search vector, which only the list's filter needs. */
export type DiscussionRow = Omit<typeof discussions.$inferSelect, 'searchVector' | 'publicSearchVector'>;
export type CommentRow = typeof comments.$inferSelect;
