import { isUuid } from '@wink/contracts';
import type { AccessType } from '@wink/contracts';
import { markdownToHtml } from '@wink/contracts/markdown';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import {
  articles,
  discussionAccessRequests,
  discussionMembers,
  discussions,
  discussionTopics,
  discussionUpvotes,
  meshDescriptors,
  users,
} from '../../../db/schema/index';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';
import { preparedPerDatabase } from '../../../lib/prepared';
import type { Viewer } from '../blocks/blocks-repository';
import { discussionCitedArticlesJson, type CitedArticleRow } from '../citations/citations-repository';
import { discussionMatches, discussionVisibleTo } from './discussion-access';

/** The upvote of the person a profile's upvotes tab is about (the viewer's own is asked separately). */
const theirUpvote = alias(discussionUpvotes, 'their_upvote');

/** A discussion's topics in the owner's order, as one json array per row (at most five, by primary key). */
const topicsOf = sql<
  { ui: string; name: string }[]
>`(SELECT coalesce(json_agg(json_build_object('ui', ${meshDescriptors.ui}, 'name', ${meshDescriptors.name}) ORDER BY ${discussionTopics.position}), '[]'::json)
  FROM ${discussionTopics} JOIN ${meshDescriptors} ON ${meshDescriptors.ui} = ${discussionTopics.descriptorUi}
  WHERE ${discussionTopics.discussionId} = ${discussions.id})`;

/**
 * Everything a discussion resource needs, in one SELECT: the row (without its search vector), the
 * owner's public face, and what the viewer has to do with it. A page of any size is one statement.
 */
const listColumns = (viewerId: Viewer) => ({
  id: discussions.id,
  ownerId: discussions.ownerId,
  title: discussions.title,
  body: discussions.body,
  summary: discussions.summary,
  accessType: discussions.accessType,
  articleId: discussions.articleId,
  commentsCount: discussions.commentsCount,
  membersCount: discussions.membersCount,
  upvotesCount: discussions.upvotesCount,
  lastActivityAt: discussions.lastActivityAt,
  createdAt: discussions.createdAt,
  updatedAt: discussions.updatedAt,
  owner: { sid: users.sid, name: users.name, displayName: users.displayName, avatarColor: users.avatarColor },
  role: discussionMembers.role,
  accessRequest: discussionAccessRequests.status,
  upvoted: sql<boolean>`EXISTS (SELECT 1 FROM ${discussionUpvotes} WHERE ${discussionUpvotes.discussionId} = ${discussions.id} AND ${discussionUpvotes.userId} = ${viewerId})`,
  topics: topicsOf,
});

/** A discussion as the viewer meets it in any list or lookup; `discussionResource` turns it into the wire's shape. */
export interface DiscussionListRow {
  id: string;
  ownerId: number;
  title: string;
  body: string;
  summary: string | null;
  accessType: AccessType;
  articleId: string | null;
  commentsCount: number;
  membersCount: number;
  upvotesCount: number;
  lastActivityAt: Date;
  createdAt: Date;
  updatedAt: Date;
  owner: { sid: string; name: string; displayName: string; avatarColor: string };
  role: 'owner' | 'member' | null;
  accessRequest: 'pending' | 'accepted' | 'rejected' | null;
  upvoted: boolean;
  topics: { ui: string; name: string }[];
}

/**
 * A discussion on its own page: the row as any lookup reads it, its body as stored rendered (null only
 * until the start-up pass reaches a row written before it) and the articles its body cites.
 */
export interface DiscussionDetailRow extends DiscussionListRow {
  bodyHtml: string | null;
  citations: CitedArticleRow[];
}

/** The base SELECT: discussions the viewer may know of, with their owner, role and request. */
function selectFor(db: DbOrTx, viewerId: Viewer, extra: Record<string, SQL> = {}) {
  return db
    .select({ ...listColumns(viewerId), ...extra })
    .from(discussions)
    .innerJoin(users, eq(users.id, discussions.ownerId))
    .leftJoin(discussionMembers, and(eq(discussionMembers.discussionId, discussions.id), eq(discussionMembers.userId, viewerId)))
    .leftJoin(
      discussionAccessRequests,
      and(eq(discussionAccessRequests.discussionId, discussions.id), eq(discussionAccessRequests.userId, viewerId)),
    );
}

/** `scope` and the other filters of GET discussions, as conditions usable by both the page and its count. */
export interface DiscussionFilter {
  /** websearch syntax against title, summary and (where the viewer may read it) body; blank means no filter. */
  q?: string | undefined;
  scope?: 'all' | 'mine' | 'joined' | undefined;
  /** An article id that is not a uuid matches nothing (rather than making PostgreSQL refuse the cast). */
  articleId?: string | undefined;
  ownerId?: number | undefined;
  /**
   * A topic page's discussions: tagged with this descriptor, and never a private one, even for its
   * members (a topic page is a public square; docs/data.md "Topic").
   */
  topicUi?: string | undefined;
}

function filterConditions(viewerId: number, filter: DiscussionFilter): SQL[] {
  const conditions: SQL[] = [discussionVisibleTo(viewerId)];
  // A NUL byte is the one thing PostgreSQL refuses in a text parameter; nobody searches for it.
  const q = filter.q?.replace(/\0/g, '').trim();
  if (q) conditions.push(discussionMatches(viewerId, q));
  if (filter.scope === 'mine') conditions.push(eq(discussions.ownerId, viewerId));
  if (filter.scope === 'joined') {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${discussionMembers} WHERE ${discussionMembers.discussionId} = ${discussions.id} AND ${discussionMembers.userId} = ${viewerId} AND ${discussionMembers.role} = 'member')`,
    );
  }
  if (filter.articleId !== undefined && filter.articleId !== '') {
    conditions.push(isUuid(filter.articleId) ? eq(discussions.articleId, filter.articleId) : sql`false`);
  }
  if (filter.ownerId !== undefined) conditions.push(eq(discussions.ownerId, filter.ownerId));
  if (filter.topicUi !== undefined) conditions.push(...onTopicPage(filter.topicUi));
  return conditions;
}

/** On a topic's page: tagged with it, and never private. */
const onTopicPage = (topicUi: string | Placeholder): SQL[] => [
  sql`${discussions.accessType} <> 'private'`,
  sql`${discussions.id} IN (SELECT ${discussionTopics.discussionId} FROM ${discussionTopics} WHERE ${discussionTopics.descriptorUi} = ${topicUi})`,
];

/**
 * A topic page's discussions, the list alone of its filter: prepared, since a popular topic's page is
 * opened over and over and planning it cost more than running it (bench:discussions).
 */
const preparedTopicPages = preparedPerDatabase((db) => {
  const viewer = sql.placeholder('viewer');
  const page = (after: SQL | undefined) =>
    selectFor(db, viewer, { cursorAt: cursorTime(discussions.lastActivityAt) })
      .where(and(discussionVisibleTo(viewer), ...onTopicPage(sql.placeholder('topic')), after))
      .orderBy(desc(discussions.lastActivityAt), desc(discussions.id))
      .limit(sql.placeholder('limit'));
  return {
    first: page(undefined).prepare('topic_discussions_first'),
    after: page(
      sql`(${discussions.lastActivityAt}, ${discussions.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('key')}::text)`,
    ).prepare('topic_discussions_after'),
  };
});

const onlyTopic = (filter: DiscussionFilter) =>
  filter.topicUi !== undefined &&
  !filter.q?.trim() &&
  (filter.scope ?? 'all') === 'all' &&
  !filter.articleId &&
  filter.ownerId === undefined;

/**
 * GET discussions/{id} in one statement: the discussion, its stored rendering and its citations (a
 * subquery on the citations' index, read for nothing when the viewer may not read the content, which
 * `discussionDetailResource` then leaves out).
 */
const preparedOne = preparedPerDatabase((db) =>
  selectFor(db, sql.placeholder('viewer'), {
    bodyHtml: sql<string | null>`${discussions.bodyHtml}`,
    citations: discussionCitedArticlesJson(discussions.id),
  })
    .where(and(eq(discussions.id, sql.placeholder('id')), discussionVisibleTo(sql.placeholder('viewer'))))
    .limit(1)
    .prepare('discussion_for_viewer'),
);

export type NewDiscussion = Pick<
  typeof discussions.$inferInsert,
  'id' | 'ownerId' | 'title' | 'body' | 'summary' | 'accessType' | 'articleId'
>;

export const discussionsRepository = {
  /** Newest activity first, one page after `position`: the discussions list and a profile's discussions tab. */
  async list(db: DbOrTx, viewerId: number, filter: DiscussionFilter, position: Position | null, size: number) {
    if (onlyTopic(filter)) {
      const { first, after } = preparedTopicPages(db);
      const params = { viewer: viewerId, topic: filter.topicUi, limit: size + 1 };
      const rows = position ? await after.execute({ ...params, at: position.at, key: position.key }) : await first.execute(params);
      return toPage(rows as (DiscussionListRow & { cursorAt: string })[], size, (row) => row.id);
    }
    const rows = await selectFor(db, viewerId, { cursorAt: cursorTime(discussions.lastActivityAt) })
      .where(and(...filterConditions(viewerId, filter), olderThan(discussions.lastActivityAt, discussions.id, position)))
      .orderBy(desc(discussions.lastActivityAt), desc(discussions.id))
      .limit(size + 1);
    return toPage(rows as (DiscussionListRow & { cursorAt: string })[], size, (row) => row.id);
  },

  /** The list's total under the same filter: never counts what the viewer cannot see. */
  async count(db: DbOrTx, viewerId: number, filter: DiscussionFilter): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(discussions)
      .where(and(...filterConditions(viewerId, filter)));
    return row?.n ?? 0;
  },

  /** What `upvoterId` upvoted, most recent upvote first, among what the viewer may see. */
  async listUpvotedBy(db: DbOrTx, viewerId: number, upvoterId: number, position: Position | null, size: number) {
    const rows = await selectFor(db, viewerId, { cursorAt: cursorTime(theirUpvote.createdAt) })
      .innerJoin(theirUpvote, and(eq(theirUpvote.discussionId, discussions.id), eq(theirUpvote.userId, upvoterId)))
      .where(and(discussionVisibleTo(viewerId), olderThan(theirUpvote.createdAt, discussions.id, position)))
      .orderBy(desc(theirUpvote.createdAt), desc(discussions.id))
      .limit(size + 1);
    return toPage(rows as (DiscussionListRow & { cursorAt: string })[], size, (row) => row.id);
  },

  async countUpvotedBy(db: DbOrTx, viewerId: number, upvoterId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(discussions)
      .innerJoin(theirUpvote, and(eq(theirUpvote.discussionId, discussions.id), eq(theirUpvote.userId, upvoterId)))
      .where(discussionVisibleTo(viewerId));
    return row?.n ?? 0;
  },

  /**
   * The discussions among `ids` the viewer may see, in the order of `ids` (missing and hidden ones
   * left out): one statement for any number, for pages built elsewhere (search drawer, profile).
   */
  async findVisibleByIds(db: DbOrTx, viewerId: number, ids: readonly string[]): Promise<DiscussionListRow[]> {
    if (ids.length === 0) return [];
    const rows = (await selectFor(db, viewerId).where(
      and(inArray(discussions.id, [...ids]), discussionVisibleTo(viewerId)),
    )) as DiscussionListRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** GET discussions/{id}: prepared, being the most frequent read of a discussion; one statement with its citations. */
  async findVisible(db: DbOrTx, viewerId: number, id: string): Promise<DiscussionDetailRow | undefined> {
    const [row] = await preparedOne(db).execute({ viewer: viewerId, id });
    return row as DiscussionDetailRow | undefined;
  },

  async articleExists(db: DbOrTx, articleId: string): Promise<boolean> {
    if (!isUuid(articleId)) return false;
    const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId)).limit(1);
    return Boolean(row);
  },

  /** The discussion (its body rendered beside it) and its owner's member row: the caller wraps both in one transaction. */
  async insert(db: DbOrTx, values: NewDiscussion): Promise<void> {
    await db.insert(discussions).values({ ...values, bodyHtml: markdownToHtml(values.body) });
    await db.insert(discussionMembers).values({ discussionId: values.id, userId: values.ownerId, role: 'owner' });
  },

  /** Replaces a discussion's topics with these descriptor UIs, in this order. Run inside a transaction. */
  async setTopics(db: DbOrTx, discussionId: string, uis: readonly string[]): Promise<void> {
    await db.delete(discussionTopics).where(eq(discussionTopics.discussionId, discussionId));
    if (uis.length === 0) return;
    await db.insert(discussionTopics).values(uis.map((descriptorUi, position) => ({ discussionId, descriptorUi, position })));
  },

  /** A new body is rendered once here, in the statement that writes it: never on a read. */
  async update(db: DbOrTx, id: string, changes: Partial<Pick<NewDiscussion, 'title' | 'body' | 'summary' | 'accessType'>>): Promise<void> {
    await db
      .update(discussions)
      .set({ ...changes, ...(changes.body !== undefined && { bodyHtml: markdownToHtml(changes.body) }), updatedAt: new Date() })
      .where(eq(discussions.id, id));
  },

  /**
   * Renders and stores the bodies that have no stored rendering (rows from before migration 0029, or
   * inserted by hand), `batch` at a time in id order; run at start. A row whose body changed meanwhile
   * is left alone (its edit stored its own rendering). Answers how many rows it filled.
   */
  async renderMissingBodies(db: DbOrTx, batch = 500): Promise<number> {
    let filled = 0;
    let after = '';
    for (;;) {
      const rows = await db
        .select({ id: discussions.id, body: discussions.body })
        .from(discussions)
        .where(and(isNull(discussions.bodyHtml), gt(discussions.id, after)))
        .orderBy(asc(discussions.id))
        .limit(batch);
      if (rows.length === 0) return filled;
      after = rows.at(-1)!.id;
      const ids = rows.map((row) => row.id);
      const bodies = rows.map((row) => row.body);
      const rendered = rows.map((row) => markdownToHtml(row.body));
      const updated = (await db.execute(sql`
        UPDATE ${discussions} AS d SET body_html = v.html
        FROM unnest(${sql.param(ids)}::text[], ${sql.param(bodies)}::text[], ${sql.param(rendered)}::text[]) AS v(id, body, html)
        WHERE d.id = v.id AND d.body = v.body AND d.body_html IS NULL
        RETURNING d.id`)) as unknown as { rows: { id: string }[] };
      filled += updated.rows.length;
    }
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(discussions).where(eq(discussions.id, id));
  },

  /** Adds the upvote unless there is one; the counter moves only when a row did. Run inside a transaction. */
  async upvote(db: DbOrTx, discussionId: string, userId: number): Promise<number> {
    const inserted = await db.insert(discussionUpvotes).values({ discussionId, userId }).onConflictDoNothing().returning();
    return inserted.length ? discussionsRepository.bumpUpvotes(db, discussionId, 1) : discussionsRepository.upvotesCount(db, discussionId);
  },

  async removeUpvote(db: DbOrTx, discussionId: string, userId: number): Promise<number> {
    const deleted = await db
      .delete(discussionUpvotes)
      .where(and(eq(discussionUpvotes.discussionId, discussionId), eq(discussionUpvotes.userId, userId)))
      .returning();
    return deleted.length ? discussionsRepository.bumpUpvotes(db, discussionId, -1) : discussionsRepository.upvotesCount(db, discussionId);
  },

  async bumpUpvotes(db: DbOrTx, discussionId: string, by: 1 | -1): Promise<number> {
    const [row] = await db
      .update(discussions)
      .set({ upvotesCount: sql`${discussions.upvotesCount} + ${by}` })
      .where(eq(discussions.id, discussionId))
      .returning({ n: discussions.upvotesCount });
    return row?.n ?? 0;
  },

  async upvotesCount(db: DbOrTx, discussionId: string): Promise<number> {
    const [row] = await db.select({ n: discussions.upvotesCount }).from(discussions).where(eq(discussions.id, discussionId));
    return row?.n ?? 0;
  },
};
