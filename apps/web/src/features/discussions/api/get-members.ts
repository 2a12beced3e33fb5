import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { MembershipRole } from '@wink/contracts/discussions';
import type { UserSummary } from '@wink/contracts/profile';
import type { ListMeta } from '@wink/contracts/common';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { discussionKeys } from './discussion-keys';

/** Wire shape of contracts' `member` / `membersResponse` (type-only: the zod schemas stay out of the bundle). */
export interface WireMember {
  user: UserSummary;
  role: MembershipRole;
  joined_at: string;
}
export type Member = Camelized<WireMember>;
export type MembersPage = Camelized<{ data: WireMember[]; meta: ListMeta }>;

/** A discussion's people sit under its detail key (discussions' one key root). */
export const discussionPeopleKeys = {
  members: (id: string) => [...discussionKeys.detail(id), 'members'] as const,
  requests: (id: string) => [...discussionKeys.detail(id), 'access-requests'] as const,
};

/** After a membership change: both lists, and the discussion itself (its members count, my membership). */
export async function refreshDiscussionPeople(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: discussionPeopleKeys.members(id) }),
    queryClient.invalidateQueries({ queryKey: discussionPeopleKeys.requests(id) }),
    queryClient.invalidateQueries({ queryKey: discussionKeys.detail(id), exact: true }),
  ]);
}

export function getMembers(id: string, cursor: string | undefined, signal?: AbortSignal): Promise<MembersPage> {
  return apiClient.get<{ data: WireMember[]; meta: ListMeta }>(`discussions/${encodeURIComponent(id)}/members`, {
    params: { cursor },
    signal,
  });
}

export function membersQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: discussionPeopleKeys.members(id),
    queryFn: ({ pageParam, signal }) => getMembers(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
    // 403 (members only) and 404 have their own states on the page, not the global notice.
    meta: { silent: true },
  });
}

export function useMembers(id: string, overrides: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...membersQueryOptions(id), ...overrides });
}
