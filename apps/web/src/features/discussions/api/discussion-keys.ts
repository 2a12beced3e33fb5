import type {
  Comment as WireComment,
  Discussion as WireDiscussion,
  DiscussionDetail as WireDiscussionDetail,
} from '@wink/contracts/discussions';
import type { Camelized } from '../../../lib/case';

export type Discussion = Camelized<WireDiscussion>;
/** On its own page: with `bodyHtml`, the server's rendering of the body. */
export type DiscussionDetail = Camelized<WireDiscussionDetail>;
export type Comment = Camelized<WireComment>;
export type AccessType = WireDiscussion['access_type'];
export type DiscussionScope = 'all' | 'mine' | 'joined';

export interface DiscussionFilters {
  q?: string;
  scope?: DiscussionScope;
  articleId?: string;
}

/**
 * The one key root for discussions and everything under them. Comments, replies and single-comment
 * threads sit below their discussion's detail key, so invalidating `comments(id)` refreshes every list
 * of that discussion's comments at once.
 */
export const discussionKeys = {
  all: ['discussions'] as const,
  lists: () => [...discussionKeys.all, 'list'] as const,
  list: (filters: DiscussionFilters) => [...discussionKeys.lists(), filters] as const,
  detail: (id: string) => [...discussionKeys.all, 'detail', id] as const,
  comments: (id: string) => [...discussionKeys.detail(id), 'comments'] as const,
  topLevel: (id: string) => [...discussionKeys.comments(id), 'top'] as const,
  replies: (id: string, parentId: string) => [...discussionKeys.comments(id), 'replies', parentId] as const,
  thread: (id: string, commentId: string) => [...discussionKeys.comments(id), 'thread', commentId] as const,
};
