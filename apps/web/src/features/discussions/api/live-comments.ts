import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { patchCommentEverywhere, type CommentsPage } from './comment-cache';
import { discussionKeys, type Comment, type Discussion } from './discussion-keys';

/**
 * Comment ids this tab has already counted. A comment I post reaches me twice, as the answer to my
 * request and on the socket, in either order: the counters move once.
 */
const counted = new Set<string>();
const COUNTED_LIMIT = 500;

/** True the first time a comment is seen here (its counters should move), false after. */
export function firstSighting(commentId: string): boolean {
  if (counted.has(commentId)) return false;
  if (counted.size >= COUNTED_LIMIT) counted.delete(counted.values().next().value!);
  counted.add(commentId);
  return true;
}

/** Appends to a list of pages when its last page is loaded (otherwise the comment comes with "Load more"). */
function appendToLastPage(data: InfiniteData<CommentsPage> | undefined, comment: Comment) {
  if (!data?.pages.length) return data;
  const last = data.pages[data.pages.length - 1]!;
  if (last.meta.nextCursor || data.pages.some((page) => page.data.some((c) => c.id === comment.id))) return data;
  const total = last.meta.total === null ? null : last.meta.total + 1;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, data: [...last.data, comment], meta: { ...last.meta, total } }] };
}

/**
 * A comment pushed while the discussion is open: it joins the comments (or its thread's replies) on
 * screen, and the counters move, without a request per reader. False when it was here already.
 */
export function addLiveComment(queryClient: QueryClient, discussionId: string, comment: Comment): boolean {
  if (!firstSighting(comment.id)) return false;
  queryClient.setQueryData<Discussion>(discussionKeys.detail(discussionId), (current) =>
    current ? { ...current, commentsCount: current.commentsCount + 1 } : current,
  );
  if (comment.parentId) {
    patchCommentEverywhere(queryClient, discussionId, comment.parentId, (parent) => ({ ...parent, repliesCount: parent.repliesCount + 1 }));
    queryClient.setQueryData<InfiniteData<CommentsPage>>(discussionKeys.replies(discussionId, comment.parentId), (data) =>
      appendToLastPage(data, comment),
    );
    return true;
  }
  queryClient.setQueryData<InfiniteData<CommentsPage>>(discussionKeys.topLevel(discussionId), (data) => appendToLastPage(data, comment));
  return true;
}
