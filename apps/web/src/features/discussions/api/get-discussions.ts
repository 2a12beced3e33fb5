import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { discussionsResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { discussionKeys, type DiscussionFilters } from './discussion-keys';

export type DiscussionsPage = Camelized<z.infer<typeof discussionsResponse>>;

export function getDiscussions(filters: DiscussionFilters, cursor: string | null, signal?: AbortSignal): Promise<DiscussionsPage> {
  return apiClient.get<z.infer<typeof discussionsResponse>>('discussions', { params: { ...filters, cursor }, signal });
}

/** Newest activity first, a page at a time; the next page is asked for with `meta.next_cursor`. */
export function discussionsQueryOptions(filters: DiscussionFilters) {
  return infiniteQueryOptions({
    queryKey: discussionKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getDiscussions(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useDiscussions(filters: DiscussionFilters, overrides: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...discussionsQueryOptions(filters), ...overrides });
}
