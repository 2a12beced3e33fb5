import { and, asc, count, desc, eq, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { commentFollows, comments, commentUpvotes, discussions, users } from '../../../db/schema/index';
import { cursorTime, newerThan, olderThan, toPage, type Position } from '../../../lib/pagination';
import { preparedPerDatabase } from '../../../lib/prepared';
import { notBlockedEitherWay, type Viewer } from '../blocks/blocks-repository';
import { citedArticlesJson } from '../citations/citations-repository';
import { discussionContentVisibleTo } from '../discussions/discussion-access';

/** The thread a comment belongs to: itself at the top level, its parent for a reply. */
const threadId = sql`coalesce(${comments.parentId}, ${comments.id})`;

/**
 * A comment with its author and the viewer's own marks, as subqueries of the same statement:
 * a page of twenty costs what a page of one does.
 */
const columnsFor = (viewerId: Viewer) => ({
  id: comments.id,
  discussionId: comments.discussionId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  body: comments.body,
  repliesCount: comments.repliesCount,
  upvotesCount: comments.upvotesCount,
  editedAt: comments.editedAt,
  // A comment hidden by a moderator reads as deleted: it keeps its place and says nothing.
  deletedAt: sql<Date | null>`coalesce(${comments.deletedAt}, ${comments.hiddenAt})`.mapWith(comments.deletedAt),
  createdAt: comments.createdAt,
  author: { sid: users.sid, name: users.name, displayName: users.displayName, avatarColor: users.avatarColor },
  upvoted: sql<boolean>`EXISTS (SELECT 1 FROM ${commentUpvotes} WHERE ${commentUpvotes.commentId} = ${comments.id} AND ${commentUpvotes.userId} = ${viewerId})`,
  // Following is per thread, so a reply shows whether its thread is followed.
  followed: sql<boolean>`EXISTS (SELECT 1 FROM ${commentFollows} WHERE ${commentFollows.commentId} = ${threadId} AND ${commentFollows.userId} = ${viewerId})`,
  citations: citedArticlesJson(comments.id),
  cursorAt: cursorTime(comments.createdAt),
});

/** Comments by someone in a block with the viewer (either way) do not exist for them. */
const visibleTo = (viewerId: Viewer) => notBlockedEitherWay(viewerId, comments.authorId);

const underParent = (discussionId: string | Placeholder, parentId: string | null) =>
  and(eq(comments.discussionId, discussionId), parentId === null ? isNull(comments.parentId) : eq(comments.parentId, parentId));

/** The first page of a discussion's top-level comments and their count: what every discussion page opens with. */
const firstPage = preparedPerDatabase((db) => ({
  rows: db
    .select(columnsFor(sql.placeholder('viewer')))
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(underParent(sql.placeholder('discussion'), null), visibleTo(sql.placeholder('viewer'))))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(sql.placeholder('limit'))
    .prepare('comments_first_page'),
  count: db
    .select({ n: count() })
    .from(comments)
    .where(and(underParent(sql.placeholder('discussion'), null), visibleTo(sql.placeholder('viewer'))))
    .prepare('comments_first_page_count'),
}));

/** A comment as `find` reads it for one viewer. */
export type CommentRecord = NonNullable<Awaited<ReturnType<(typeof commentsRepository)['find']>>>;

export const commentsRepository = {
  /** One comment as the viewer sees it, or undefined when it is missing or hidden by a block. */
  async find(db: DbOrTx, viewerId: number, id: string) {
    const [row] = await db
      .select(columnsFor(viewerId))
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.id, id), visibleTo(viewerId)))
      .limit(1);
    return row;
  },

  /** The bare row, whoever wrote it (for checks that must tell a blocked author from a missing comment). */
  async findRow(db: DbOrTx, id: string) {
    const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
    return row;
  },

  /** Top-level comments (parentId null) or one comment's replies, oldest first, one page after `position`. */
  async list(db: DbOrTx, viewerId: number, discussionId: string, parentId: string | null, position: Position | null, size: number) {
    if (parentId === null && position === null) {
      const rows = await firstPage(db).rows.execute({ viewer: viewerId, discussion: discussionId, limit: size + 1 });
      return toPage(rows, size, (row) => row.id);
    }
    const rows = await db
      .select(columnsFor(viewerId))
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(underParent(discussionId, parentId), visibleTo(viewerId), newerThan(comments.createdAt, comments.id, position)))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.id);
  },

  async count(db: DbOrTx, viewerId: number, discussionId: string, parentId: string | null): Promise<number> {
    if (parentId === null) {
      const [first] = await firstPage(db).count.execute({ viewer: viewerId, discussion: discussionId });
      return first?.n ?? 0;
    }
    const [row] = await db
      .select({ n: count() })
      .from(comments)
      .where(and(underParent(discussionId, parentId), visibleTo(viewerId)));
    return row?.n ?? 0;
  },

  /** A person's comments and replies, newest first, only where the viewer may read the discussion's content. */
  async listByAuthor(db: DbOrTx, viewerId: number, authorId: number, position: Position | null, size: number) {
    const rows = await db
      .select({ ...columnsFor(viewerId), discussionTitle: discussions.title })
      .from(comments)
      .innerJoin(discussions, eq(discussions.id, comments.discussionId))
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(byAuthor(viewerId, authorId), olderThan(comments.createdAt, comments.id, position)))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.id);
  },

  async countByAuthor(db: DbOrTx, viewerId: number, authorId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(comments)
      .innerJoin(discussions, eq(discussions.id, comments.discussionId))
      .where(byAuthor(viewerId, authorId));
    return row?.n ?? 0;
  },

  async insert(tx: DbOrTx, values: typeof comments.$inferInsert) {
    const [row] = await tx.insert(comments).values(values).returning();
    return row!;
  },

  /** A new comment or reply counts, and makes the discussion the most recently active. */
  async countNewComment(tx: DbOrTx, discussionId: string): Promise<void> {
    await tx
      .update(discussions)
      .set({ commentsCount: sql`${discussions.commentsCount} + 1`, lastActivityAt: sql`now()` })
      .where(eq(discussions.id, discussionId));
  },

  /** False when the parent was deleted meanwhile: the caller rolls the reply back. */
  async countNewReply(tx: DbOrTx, parentId: string): Promise<boolean> {
    const rows = await tx
      .update(comments)
      .set({ repliesCount: sql`${comments.repliesCount} + 1` })
      .where(and(eq(comments.id, parentId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    return rows.length === 1;
  },

  async update(db: DbOrTx, id: string, body: string): Promise<void> {
    await db
      .update(comments)
      .set({ body, editedAt: sql`now()` })
      .where(eq(comments.id, id));
  },

  /** Keeps the row, its replies and its place; only the words go. */
  async softDelete(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(comments)
      .set({ body: '', deletedAt: sql`now()` })
      .where(and(eq(comments.id, id), isNull(comments.deletedAt)));
  },

  /** Adds or removes the viewer's upvote and keeps the counter in step; answers the new state. */
  async setUpvote(tx: DbOrTx, commentId: string, userId: number, upvoted: boolean): Promise<number> {
    const changed = upvoted
      ? await tx.insert(commentUpvotes).values({ commentId, userId }).onConflictDoNothing().returning({ id: commentUpvotes.userId })
      : await tx
          .delete(commentUpvotes)
          .where(and(eq(commentUpvotes.commentId, commentId), eq(commentUpvotes.userId, userId)))
          .returning({ id: commentUpvotes.userId });
    const step = changed.length === 0 ? 0 : upvoted ? 1 : -1;
    const [row] = await tx
      .update(comments)
      .set({ upvotesCount: sql`${comments.upvotesCount} + ${step}` })
      .where(eq(comments.id, commentId))
      .returning({ n: comments.upvotesCount });
    return row?.n ?? 0;
  },

  async follow(db: DbOrTx, commentId: string, userId: number): Promise<void> {
    await db.insert(commentFollows).values({ commentId, userId }).onConflictDoNothing();
  },

  async unfollow(db: DbOrTx, commentId: string, userId: number): Promise<void> {
    await db.delete(commentFollows).where(and(eq(commentFollows.commentId, commentId), eq(commentFollows.userId, userId)));
  },

  /** Who hears of a reply in a thread: its followers, minus the replier and anyone in a block with them. */
  async threadFollowers(db: DbOrTx, threadId: string, replierId: number): Promise<number[]> {
    const rows = await db
      .select({ id: commentFollows.userId })
      .from(commentFollows)
      .where(
        and(
          eq(commentFollows.commentId, threadId),
          ne(commentFollows.userId, replierId),
          notBlockedEitherWay(replierId, commentFollows.userId),
        ),
      )
      .orderBy(asc(commentFollows.userId));
    return rows.map((row) => row.id);
  },
};

const byAuthor = (viewerId: number, authorId: number) =>
  and(
    eq(comments.authorId, authorId),
    isNull(comments.deletedAt),
    isNull(comments.hiddenAt),
    visibleTo(viewerId),
    discussionContentVisibleTo(viewerId),
  );
