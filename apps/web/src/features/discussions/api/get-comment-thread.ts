import { queryOptions, useQuery } from '@tanstack/react-query';
import type { commentThreadResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { CommentThread } from './comment-cache';
import { discussionKeys } from './discussion-keys';

export function getCommentThread(discussionId: string, commentId: string, signal?: AbortSignal): Promise<CommentThread> {
  return apiClient.get<z.infer<typeof commentThreadResponse>>(
    `discussions/${encodeURIComponent(discussionId)}/comments/${encodeURIComponent(commentId)}`,
    { signal },
  );
}

/** The comment, its first replies and its discussion. Silent: a 404 is the page's "unavailable" state. */
export function commentThreadQueryOptions(discussionId: string, commentId: string) {
  return queryOptions({
    queryKey: discussionKeys.thread(discussionId, commentId),
    queryFn: ({ signal }) => getCommentThread(discussionId, commentId, signal),
    meta: { silent: true },
  });
}

export function useCommentThread(discussionId: string, commentId: string) {
  return useQuery(commentThreadQueryOptions(discussionId, commentId));
}
