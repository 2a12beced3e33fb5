import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { healthbotConversationsResponse } from '@wink/contracts/healthbot';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { healthbotKeys } from './healthbot-keys';

export type ConversationsPage = Camelized<z.infer<typeof healthbotConversationsResponse>>;

export function getConversations(cursor: string | null, signal?: AbortSignal): Promise<ConversationsPage> {
  return apiClient.get<z.infer<typeof healthbotConversationsResponse>>('healthbot/conversations', { params: { cursor }, signal });
}

/** Most recent first, a page at a time. */
export function conversationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: healthbotKeys.lists(),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useConversations(overrides: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...conversationsQueryOptions(), ...overrides });
}
