import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { commentsResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { CommentsPage } from './comment-cache';
import { discussionKeys } from './discussion-keys';

export function getReplies(discussionId: string, parentId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentsPage> {
  return apiClient.get<z.infer<typeof commentsResponse>>(`discussions/${encodeURIComponent(discussionId)}/comments`, {
    params: { parentId, cursor },
    signal,
  });
}

/** One comment's replies, oldest first; loaded only when someone opens them. */
export function repliesQueryOptions(discussionId: string, parentId: string) {
  return infiniteQueryOptions({
    queryKey: discussionKeys.replies(discussionId, parentId),
    queryFn: ({ pageParam, signal }) => getReplies(discussionId, parentId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useReplies(
  discussionId: string,
  parentId: string,
  overrides: { enabled?: boolean; initialData?: InfiniteData<CommentsPage, string | null> } = {},
) {
  return useInfiniteQuery({ ...repliesQueryOptions(discussionId, parentId), ...overrides });
}
