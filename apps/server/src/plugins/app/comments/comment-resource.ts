import type { Comment, ProfileComment } from '@wink/contracts';
import { toCitedArticle, type CitedArticleRow } from '../citations/citations-repository';
import { toUserSummary } from '../users/user-resource';

/** A comment as the repository reads it for one viewer: the row, its author, and the viewer's own marks. */
export interface CommentView {
  id: string;
  discussionId: string;
  parentId: string | null;
  body: string;
  repliesCount: number;
  upvotesCount: number;
  editedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  author: { sid: string; name: string; displayName: string; avatarColor: string } | null;
  upvoted: boolean;
  followed: boolean;
  /** The corpus articles its text cites (citations-repository), as read with it. */
  citations: CitedArticleRow[];
}

/**
 * The one place a comment becomes the wire's comment. A deleted comment keeps its place in the thread
 * but says nothing any more: no body, no author.
 */
export function toCommentResource(row: CommentView): Comment {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    discussion_id: row.discussionId,
    parent_id: row.parentId,
    body: deleted ? null : row.body,
    author: deleted || !row.author ? null : toUserSummary(row.author),
    replies_count: row.repliesCount,
    upvotes_count: row.upvotesCount,
    upvoted: Boolean(row.upvoted),
    followed: Boolean(row.followed),
    edited_at: row.editedAt ? row.editedAt.toISOString() : null,
    deleted,
    created_at: row.createdAt.toISOString(),
    citations: deleted ? [] : row.citations.map(toCitedArticle),
  };
}

export function toProfileCommentResource(row: CommentView & { discussionTitle: string }): ProfileComment {
  return { ...toCommentResource(row), discussion: { id: row.discussionId, title: row.discussionTitle } };
}
