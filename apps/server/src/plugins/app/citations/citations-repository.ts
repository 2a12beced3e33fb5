import { articleReferences, evidenceOf, MAX_CITATIONS, type CitedArticle } from '@wink/contracts';
import { and, desc, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { articleCitations, articles, comments, discussions, users } from '../../../db/schema/index';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';
import { notBlockedEitherWay } from '../blocks/blocks-repository';
import { discussionContentVisibleTo } from '../discussions/discussion-access';

/** What a text cites: a comment, or a discussion's own body. */
export interface CitingText {
  discussionId: string;
  commentId: string | null;
}

/** A cited article as the statements below read it (the wire's card, less the evidence kind). */
export type CitedArticleRow = Omit<CitedArticle, 'evidence'>;

/**
 * The articles a text cites, in the order written, as one json array of cards: a column of the
 * statement that reads the comments (a page of twenty costs twenty index lookups and no round trip),
 * and of the one that reads a discussion for its page (its own body's).
 */
const citedArticlesWhere = (citing: SQL): SQL<CitedArticleRow[]> =>
  sql<CitedArticleRow[]>`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'source', a.source, 'title', a.title,
      'journal', a.journal, 'published_at', a.published_at, 'url', a.url, 'publication_types', a.publication_types,
      'retracted', a.retracted_at IS NOT NULL)
    ORDER BY c.position), '[]'::json)
    FROM ${articleCitations} AS c JOIN ${articles} AS a ON a.id = c.article_id WHERE ${citing})`;

/** A comment's citations, as a column of the statement that reads it. */
export const citedArticlesJson = (commentId: SQLWrapper) => citedArticlesWhere(sql`c.comment_id = ${commentId}`);

/** A discussion's own body's citations, as a column of the statement that reads the discussion. */
export const discussionCitedArticlesJson = (discussionId: SQLWrapper) =>
  citedArticlesWhere(sql`c.discussion_id = ${discussionId} AND c.comment_id IS NULL`);

/** The wire's card: the row and the kind of evidence it is. */
export const toCitedArticle = (row: CitedArticleRow): CitedArticle => ({ ...row, evidence: evidenceOf(row.source, row.publication_types) });

const subjectOf = (text: CitingText) =>
  text.commentId === null
    ? and(eq(articleCitations.discussionId, text.discussionId), isNull(articleCitations.commentId))
    : eq(articleCitations.commentId, text.commentId);

export const citationsRepository = {
  /**
   * Reads the article addresses out of a text and keeps those of corpus articles as its citations,
   * replacing what it cited before. Called in the transaction that writes the text.
   */
  async write(tx: DbOrTx, text: CitingText, body: string): Promise<void> {
    await tx.delete(articleCitations).where(subjectOf(text));
    const cited = await resolve(tx, body);
    if (!cited.length) return;
    await tx
      .insert(articleCitations)
      .values(cited.map((articleId, position) => ({ discussionId: text.discussionId, commentId: text.commentId, articleId, position })));
  },

  /**
   * Where an article is cited, newest first, as far as the viewer may read: discussions whose content
   * they may see, comments not deleted, hidden or written by someone in a block with them.
   */
  async places(db: DbOrTx, viewerId: number, articleId: string, position: Position | null, size: number) {
    const comment = alias(comments, 'citing_comment');
    const key = sql<string>`coalesce(${articleCitations.commentId}, ${articleCitations.discussionId})`;
    const rows = await db
      .select({
        discussionId: articleCitations.discussionId,
        title: discussions.title,
        commentId: articleCitations.commentId,
        author: { sid: users.sid, name: users.name, displayName: users.displayName, avatarColor: users.avatarColor },
        createdAt: articleCitations.createdAt,
        key,
        cursorAt: cursorTime(articleCitations.createdAt),
      })
      .from(articleCitations)
      .innerJoin(discussions, eq(discussions.id, articleCitations.discussionId))
      .leftJoin(comment, eq(comment.id, articleCitations.commentId))
      .leftJoin(users, eq(users.id, sql`coalesce(${comment.authorId}, ${discussions.ownerId})`))
      .where(
        and(
          eq(articleCitations.articleId, articleId),
          discussionContentVisibleTo(viewerId),
          or(
            isNull(articleCitations.commentId),
            and(isNull(comment.deletedAt), isNull(comment.hiddenAt), notBlockedEitherWay(viewerId, comment.authorId)),
          ),
          olderThan(articleCitations.createdAt, key, position),
        ),
      )
      .orderBy(desc(articleCitations.createdAt), desc(key))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.key);
  },
};

/**
 * The corpus articles a text's addresses name, in the order written, at most MAX_CITATIONS. A
 * MedlinePlus page may be linked from several of ours: the MedlinePlus article itself comes first.
 */
async function resolve(db: DbOrTx, body: string): Promise<string[]> {
  const references = articleReferences(body);
  if (!references.length) return [];
  const ids = references.flatMap((r) => ('id' in r ? [r.id] : []));
  const pmids = references.flatMap((r) => ('pmid' in r ? [r.pmid] : []));
  const pages = references.flatMap((r) => ('medlineplus' in r ? [r.medlineplus] : []));
  const result = (await db.execute(sql`
    SELECT id::text AS id, source, external_id, url FROM ${articles} WHERE id = ANY(${sql.param(ids)}::uuid[])
    UNION ALL SELECT id::text, source, external_id, url FROM ${articles} WHERE source = 'pubmed' AND external_id = ANY(${sql.param(pmids)}::text[])
    UNION ALL SELECT id::text, source, external_id, url FROM ${articles} WHERE source <> 'pubmed' AND url = ANY(${sql.param(pages)}::text[])`)) as unknown as {
    rows: { id: string; source: string; external_id: string; url: string | null }[];
  };
  const rows = [...result.rows].sort((a, b) => Number(b.source === 'medlineplus') - Number(a.source === 'medlineplus'));
  const found = (reference: (typeof references)[number]) =>
    rows.find((row) =>
      'id' in reference
        ? row.id === reference.id
        : 'pmid' in reference
          ? row.source === 'pubmed' && row.external_id === reference.pmid
          : row.url === reference.medlineplus,
    )?.id;
  const cited = [...new Set(references.map(found).filter((id): id is string => id !== undefined))];
  return cited.slice(0, MAX_CITATIONS);
}
