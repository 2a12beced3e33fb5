import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListMeta } from '@wink/contracts/common';
import type { UserSummary as WireUserSummary } from '@wink/contracts/profile';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type FoundUser = Camelized<WireUserSummary>;

export const userSearchKeys = {
  all: ['user-search'] as const,
  query: (q: string) => [...userSearchKeys.all, q] as const,
};

/** GET users?q=: never myself nor anyone in a block with me (the server filters). First page only: enough to pick from. */
export async function searchUsers(q: string, signal?: AbortSignal): Promise<FoundUser[]> {
  const response = await apiClient.get<{ data: WireUserSummary[]; meta: ListMeta }>('users', { params: { q }, signal });
  return response.data;
}

export function searchUsersQueryOptions(q: string) {
  return queryOptions({
    queryKey: userSearchKeys.query(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    // Typing on past a failed lookup is the retry; a notice per keystroke would only get in the way.
    meta: { silent: true },
  });
}

/** `q` is already debounced by the caller. The last answer stays on screen while the next one loads. */
export function useSearchUsers(q: string) {
  return useQuery({ ...searchUsersQueryOptions(q.trim()), placeholderData: keepPreviousData });
}
