import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BlockedUsersResponse } from '@wink/contracts/blocks';
import type { UserSummary } from '@wink/contracts/profile';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type BlockedUser = Camelized<UserSummary>;
export type BlockedUsersPage = Camelized<BlockedUsersResponse>;

export const blockedUserKeys = { all: ['blocked-users'] as const };

export function getBlockedUsers(cursor: string | null, signal?: AbortSignal): Promise<BlockedUsersPage> {
  return apiClient.get<BlockedUsersResponse>('user/blocked-users', { params: { cursor }, signal });
}

export function blockedUsersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: blockedUserKeys.all,
    queryFn: ({ pageParam, signal }) => getBlockedUsers(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useBlockedUsers() {
  return useInfiniteQuery(blockedUsersQueryOptions());
}
