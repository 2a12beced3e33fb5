import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { commentThreadResponse, commentsResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import type { Camelized } from '../../../lib/case';
import { discussionKeys, type Comment } from './discussion-keys';

export type CommentsPage = Camelized<z.infer<typeof commentsResponse>>;
export type CommentThread = Camelized<z.infer<typeof commentThreadResponse>>;
type CachedComments = InfiniteData<CommentsPage> | CommentThread;

function isThread(value: CachedComments): value is CommentThread {
  return !('pages' in value);
}

function patchThread(thread: CommentThread, commentId: string, patch: (comment: Comment) => Comment): CommentThread {
  const { replies, ...comment } = thread.data;
  const patched = comment.id === commentId ? patch(comment) : comment;
  return { ...thread, data: { ...patched, replies: replies.map((reply) => (reply.id === commentId ? patch(reply) : reply)) } };
}

/**
 * One comment can sit in several caches at once (the discussion's top level, a replies list, the
 * single-comment page); an edit, vote or deletion is written to all of them so every view agrees.
 */
export function patchCommentEverywhere(
  queryClient: QueryClient,
  discussionId: string,
  commentId: string,
  patch: (comment: Comment) => Comment,
): void {
  queryClient.setQueriesData<CachedComments>({ queryKey: discussionKeys.comments(discussionId) }, (cached) => {
    if (!cached) return cached;
    if (isThread(cached)) return patchThread(cached, commentId, patch);
    return {
      ...cached,
      pages: cached.pages.map((page) => ({
        ...page,
        data: page.data.map((comment) => (comment.id === commentId ? patch(comment) : comment)),
      })),
    };
  });
}

/** Snapshot of every comment cache of a discussion, to roll an optimistic change back. */
export function snapshotComments(queryClient: QueryClient, discussionId: string) {
  return queryClient.getQueriesData<CachedComments>({ queryKey: discussionKeys.comments(discussionId) });
}

export function restoreComments(queryClient: QueryClient, snapshot: ReturnType<typeof snapshotComments>): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
