import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { commentsResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { CommentsPage } from './comment-cache';
import { discussionKeys } from './discussion-keys';

export function getComments(discussionId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentsPage> {
  return apiClient.get<z.infer<typeof commentsResponse>>(`discussions/${encodeURIComponent(discussionId)}/comments`, {
    params: { cursor },
    signal,
  });
}

/** The top-level comments, oldest first, COMMENTS_PAGE_SIZE at a time. */
export function commentsQueryOptions(discussionId: string) {
  return infiniteQueryOptions({
    queryKey: discussionKeys.topLevel(discussionId),
    queryFn: ({ pageParam, signal }) => getComments(discussionId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useComments(discussionId: string, overrides: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...commentsQueryOptions(discussionId), ...overrides });
}
