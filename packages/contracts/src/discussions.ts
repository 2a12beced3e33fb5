import { z } from 'zod';
import { cursorQuery, isoDate, list, resource } from './common';
import { citedArticle } from './citations';
import { userSummary } from './profile';
import { REPORT_DETAILS_MAX } from './limits';
import { discussionTopicsInput, topicRef } from './topics';
import { text } from './validation';

/** Who may see a discussion (docs/data.md): everyone allowed to read, title and summary only, members only. */
export const accessType = z.enum(['public', 'invite_only', 'private']);
export type AccessType = z.infer<typeof accessType>;

export const membershipRole = z.enum(['owner', 'member']);
export type MembershipRole = z.infer<typeof membershipRole>;

export const accessRequestStatus = z.enum(['pending', 'accepted', 'rejected']);

export const DISCUSSION_TITLE_MAX = 200;
export const DISCUSSION_BODY_MAX = 20_000;
export const COMMENT_BODY_MAX = 10_000;
/** Replies and comments on a discussion page come twenty at a time. */
export const COMMENTS_PAGE_SIZE = 20;
/** How much of a body a card shows, in characters of plain text (members and public discussions only). */
export const EXCERPT_LENGTH = 280;
/** The owner's public summary of an invite-only discussion, in characters. */
export const DISCUSSION_SUMMARY_MAX = 300;

/**
 * Plain text, as the summary is shown to non-members exactly as typed: no HTML tags, no Markdown
 * links or images, no emphasis or code markers (they would show as `**` or `<b>`), no control
 * characters. Line breaks and runs of spaces become one space: a summary is one short paragraph.
 */
// Control characters are what this rejects, so the pattern has to name them.
// eslint-disable-next-line no-control-regex
const SUMMARY_MARKUP = /<\/?[a-z!?][^>]*>|!?\[[^\]]*\]\([^)]*\)|\*\*|__|~~|`|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/i;
export const SUMMARY_NOT_PLAIN = 'The summary must be plain text: no HTML tags, Markdown links, emphasis or code.';

/** Optional: blank clears it (null). The same rule in the web form and on the server. */
export const discussionSummary = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() || null : v),
  z
    .string()
    .max(DISCUSSION_SUMMARY_MAX)
    .refine((s) => !SUMMARY_MARKUP.test(s), SUMMARY_NOT_PLAIN)
    .nullable()
    .optional(),
);

/**
 * A discussion as the person asking may see it. For a non-member of an invite-only discussion
 * `content_visible` is false and `body` and `excerpt` are null: nothing derived from the body leaves
 * the server; the title and the owner's public `summary` are all they get (docs/data.md "Access").
 */
export const discussion = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().nullable().describe('Markdown; null when the content is for members only'),
  excerpt: z.string().nullable().describe('The first words of the body as plain text; null when the content is for members only'),
  summary: z
    .string()
    .nullable()
    .describe("The owner's public summary of an invite-only discussion (plain text, at most 300 characters): what non-members read"),
  access_type: accessType,
  owner: userSummary,
  article_id: z.uuid().nullable(),
  mesh_terms: z.array(topicRef).describe('Its topics (MeSH descriptors), at most 5, in the order the owner gave them'),
  comments_count: z.number().int(),
  members_count: z.number().int(),
  upvotes_count: z.number().int(),
  upvoted: z.boolean(),
  membership: membershipRole.nullable(),
  access_request: accessRequestStatus.nullable().describe('My latest request to join, if any'),
  content_visible: z.boolean(),
  last_activity_at: isoDate,
  created_at: isoDate,
  updated_at: isoDate,
});
export type Discussion = z.infer<typeof discussion>;

/** One discussion on its own page: with its body already rendered, so a phone needs no Markdown parser to show it. */
export const discussionDetail = discussion.extend({
  body_html: z
    .string()
    .nullable()
    .describe(
      'The body rendered by the shared Markdown parser (raw HTML escaped, safe links only); null when the content is for members only',
    ),
  citations: z.array(citedArticle).describe('Corpus articles its text cites, in the order written; empty when none or for members only'),
});
export type DiscussionDetail = z.infer<typeof discussionDetail>;

export const discussionResponse = resource(discussionDetail);
export const discussionsResponse = list(discussion);

/** `scope`: everything I may read (`all`), the ones I own (`mine`), the ones I joined as a member (`joined`). */
export const discussionScope = z.enum(['all', 'mine', 'joined']);
export const discussionsQuery = cursorQuery.extend({
  q: z.string().max(200).optional(),
  scope: discussionScope.optional(),
  article_id: z.string().max(64).optional().describe('Only discussions about this article (the search drawer tab)'),
});

export const discussionParams = z.object({ id: z.string().min(1).max(64) });

export const createDiscussionBody = z.object({
  title: text(3, DISCUSSION_TITLE_MAX),
  body: text(1, DISCUSSION_BODY_MAX),
  access_type: accessType,
  summary: discussionSummary,
  article_id: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
  mesh_terms: discussionTopicsInput.optional(),
});
export type CreateDiscussionBody = z.infer<typeof createDiscussionBody>;

/** The owner changes any of these; the linked article stays what it was created with. */
export const updateDiscussionBody = createDiscussionBody.omit({ article_id: true }).partial().strict();
export type UpdateDiscussionBody = z.infer<typeof updateDiscussionBody>;

/** A comment or a reply (one level deep). A deleted one keeps its place: `body` is null, `deleted` true. */
export const comment = z.object({
  id: z.string(),
  discussion_id: z.string(),
  parent_id: z.string().nullable(),
  body: z.string().nullable().describe('Markdown; null once deleted'),
  author: userSummary.nullable().describe('null once deleted'),
  replies_count: z.number().int(),
  upvotes_count: z.number().int(),
  upvoted: z.boolean(),
  followed: z.boolean(),
  edited_at: isoDate.nullable(),
  deleted: z.boolean(),
  created_at: isoDate,
  citations: z.array(citedArticle).describe('Corpus articles its text cites, in the order written; empty when none or deleted'),
});
export type Comment = z.infer<typeof comment>;

export const commentResponse = resource(comment);
export const commentsResponse = list(comment);

/** `parent_id` lists one comment's replies (oldest first); without it, the top-level comments (oldest first). */
export const commentsQuery = cursorQuery.extend({ parent_id: z.string().max(64).optional() });

/** GET discussions/{id}/comments/{cid}: the comment, its first replies, and the discussion it belongs to. */
export const commentThreadResponse = z.object({
  data: comment.extend({ replies: z.array(comment) }),
  meta: z.object({ next_cursor: z.string().nullable().describe('More replies after these'), discussion: discussion }),
});

export const commentParams = z.object({ cid: z.string().min(1).max(64) });
export const discussionCommentParams = discussionParams.extend({ cid: z.string().min(1).max(64) });

export const createCommentBody = z.object({
  body: text(1, COMMENT_BODY_MAX),
  parent_id: z.preprocess((v) => (v === '' ? null : v), z.string().max(64).nullable().optional()),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const updateCommentBody = z.object({ body: text(1, COMMENT_BODY_MAX) }).strict();

/** POST/DELETE .../upvote: the new state, so a client can settle an optimistic toggle. */
export const upvoteResponse = resource(z.object({ upvoted: z.boolean(), upvotes_count: z.number().int() }));
export const followResponse = resource(z.object({ followed: z.boolean() }));

export const member = z.object({ user: userSummary, role: membershipRole, joined_at: isoDate });
export const membersResponse = list(member);
export const memberParams = discussionParams.extend({ sid: z.string().min(1).max(64) });

export const inviteBody = z.object({ sid: text(1, 64) });
export const inviteResponse = resource(member);

export const accessRequest = z.object({
  id: z.string(),
  user: userSummary,
  status: accessRequestStatus,
  created_at: isoDate,
  decided_at: isoDate.nullable(),
});
export const accessRequestResponse = resource(accessRequest);
/** The owner's queue: pending requests, oldest first. */
export const accessRequestsResponse = list(accessRequest);
export const accessRequestParams = discussionParams.extend({ rid: z.string().min(1).max(64) });

export const reportReason = z.enum(['spam', 'misinformation', 'harassment', 'other']);
export type ReportReason = z.infer<typeof reportReason>;
export { REPORT_DETAILS_MAX };
export const reportBody = z.object({
  reason: reportReason,
  details: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(REPORT_DETAILS_MAX).optional()),
});
export const reportResponse = resource(z.object({ id: z.string(), reason: reportReason, created_at: isoDate }));

export const DISCUSSION_MESSAGES = {
  notFound: 'The discussion was not found.',
  membersOnly: 'This discussion is for members only. Ask the owner for access.',
  ownerOnly: 'Only the owner of this discussion can do that.',
  commentNotFound: 'The comment was not found.',
  notYourComment: 'You can only change your own comments.',
  replyDepth: 'Replies are one level deep: reply to the comment instead.',
  replyToDeleted: 'This comment was deleted and cannot be replied to.',
  commentDeleted: 'This comment was deleted.',
  alreadyMember: 'This person is already a member.',
  cannotInviteYourself: 'You cannot invite yourself.',
  cannotInvite: 'You cannot invite this person.',
  requestNotNeeded: 'You are already a member of this discussion.',
  requestPublic: 'This discussion is open to everyone: there is nothing to request.',
  requestPrivate: 'Private discussions are joined by invitation only.',
  requestPending: 'You have already asked to join; the owner will decide.',
  requestDecided: 'This request has already been answered.',
  ownerCannotLeave: 'The owner cannot be removed from their own discussion.',
  cannotFollowYourself: 'You cannot follow yourself.',
  cannotFollow: 'You cannot follow this person.',
  cannotReply: 'You cannot reply to this comment.',
  alreadyReported: 'You have already reported this.',
} as const;

/** GET users/{sid}/replies: their comments and replies, newest first, each with where it was said. */
export const profileComment = comment.extend({ discussion: z.object({ id: z.string(), title: z.string() }) });
export const profileCommentsResponse = list(profileComment);
export type ProfileComment = z.infer<typeof profileComment>;
