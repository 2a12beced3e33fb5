import type { Comment as WireComment, DiscussionDetail as WireDiscussionDetail } from '@wink/contracts/discussions';
import { markdownToHtml } from '@wink/contracts/markdown';
import type { Notification as WireNotification } from '@wink/contracts/notifications';
import type { UserSummary } from '@wink/contracts/profile';
import { json } from './fake-server';

/** Test-only: the people and discussions the suites of every feature meet on the wire (snake_case). */

export const ada: UserSummary = { sid: 'u1abc', name: 'Ada Lovelace', display_name: 'ada', avatar_color: '#1565c0' };
export const grace: UserSummary = { sid: 'g1', name: 'Grace Hopper', display_name: 'grace', avatar_color: '#2e7d32' };
export const alan: UserSummary = { sid: 'a2', name: 'Alan Turing', display_name: 'alan', avatar_color: '#c62828' };

/** One page of a cursor-paginated list; `total` stays null unless the list counts its items. */
export const listPage = (data: unknown[], nextCursor: string | null = null, total: number | null = null) =>
  json(200, { data, meta: { next_cursor: nextCursor, total } });

/** One page of a list that counts its items (members, a person's sections). */
export const countedPage = (data: unknown[], nextCursor: string | null = null) => listPage(data, nextCursor, data.length);

/**
 * A discussion as its own page gets it, rendered as the server does (lists get the same; the extra
 * `body_html` and `citations` are simply not read there). Public, by grace, not joined.
 */
export function wireDiscussion(overrides: Partial<WireDiscussionDetail> = {}): WireDiscussionDetail {
  const discussion: Omit<WireDiscussionDetail, 'body_html'> = {
    id: 'd1',
    title: 'Living with asthma',
    body: 'What **helps** you?',
    excerpt: 'What helps you?',
    summary: null,
    access_type: 'public',
    owner: grace,
    article_id: null,
    mesh_terms: [],
    comments_count: 0,
    members_count: 1,
    upvotes_count: 0,
    upvoted: false,
    membership: null,
    access_request: null,
    content_visible: true,
    last_activity_at: '2026-02-01T10:00:00.000Z',
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    citations: [],
    ...overrides,
  };
  return { ...discussion, body_html: overrides.body_html ?? (discussion.body === null ? null : markdownToHtml(discussion.body)) };
}

/** A comment by grace on the discussion d1. */
export function wireComment(overrides: Partial<WireComment> = {}): WireComment {
  return {
    id: 'c1',
    discussion_id: 'd1',
    parent_id: null,
    body: 'An inhaler before running.',
    author: grace,
    replies_count: 0,
    upvotes_count: 0,
    upvoted: false,
    followed: false,
    edited_at: null,
    deleted: false,
    created_at: '2026-02-01T11:00:00.000Z',
    citations: [],
    ...overrides,
  };
}

/** A comment notification from ada five minutes ago, unread. */
export function wireNotification(overrides: Partial<WireNotification> = {}): WireNotification {
  return {
    id: 'n1',
    type: 'comment.created',
    data: { subject_id: 'd1', subject_title: 'Living with asthma', comment_id: 'c9', count: 1 },
    actor: ada,
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
