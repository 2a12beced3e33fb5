import type { Discussion, DiscussionDetail } from '@wink/contracts';
import { markdownToHtml } from '@wink/contracts/markdown';
import { toCitedArticle } from '../citations/citations-repository';
import { toUserSummary } from '../users/user-resource';
import { canSeeContent } from './discussion-access';
import type { DiscussionDetailRow, DiscussionListRow } from './discussions-repository';
import { excerptOf } from './excerpt';

/**
 * The one place a discussion row becomes the wire's discussion. The title and the owner's summary are
 * for everyone who may know the discussion exists; the body and its excerpt only for those who may
 * read its content (docs/data.md "Access").
 */
export function discussionResource(row: DiscussionListRow): Discussion {
  const contentVisible = canSeeContent(row, row.role);
  return {
    id: row.id,
    title: row.title,
    body: contentVisible ? row.body : null,
    excerpt: contentVisible ? excerptOf(row.body) : null,
    summary: row.summary,
    access_type: row.accessType,
    owner: toUserSummary(row.owner),
    article_id: row.articleId,
    mesh_terms: row.topics,
    comments_count: row.commentsCount,
    members_count: row.membersCount,
    upvotes_count: row.upvotesCount,
    upvoted: row.upvoted,
    membership: row.role,
    access_request: row.accessRequest,
    content_visible: contentVisible,
    last_activity_at: row.lastActivityAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The discussion on its own page: its body also rendered, so the page shows it without a Markdown
 * parser, and the articles it cites (for those who may read it). The rendering is the one stored with
 * the body when it was written; a row the start-up pass has not reached yet is rendered here, the same way.
 */
export function discussionDetailResource(row: DiscussionDetailRow): DiscussionDetail {
  const discussion = discussionResource(row);
  if (discussion.body === null) return { ...discussion, body_html: null, citations: [] };
  return { ...discussion, body_html: row.bodyHtml ?? markdownToHtml(row.body), citations: row.citations.map(toCitedArticle) };
}
