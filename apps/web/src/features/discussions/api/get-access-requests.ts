import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListMeta } from '@wink/contracts/common';
import type { UserSummary } from '@wink/contracts/profile';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { discussionPeopleKeys } from './get-members';

/** Wire shape of contracts' `accessRequest`. */
export interface WireAccessRequest {
  id: string;
  user: UserSummary;
  status: 'pending' | 'accepted' | 'rejected';
  created_at: string;
  decided_at: string | null;
}
export type AccessRequest = Camelized<WireAccessRequest>;
export type AccessRequestsPage = Camelized<{ data: WireAccessRequest[]; meta: ListMeta }>;

/** GET discussions/{id}/access-requests: the owner's queue of pending requests, oldest first. */
export function getAccessRequests(id: string, cursor: string | undefined, signal?: AbortSignal): Promise<AccessRequestsPage> {
  return apiClient.get<{ data: WireAccessRequest[]; meta: ListMeta }>(`discussions/${encodeURIComponent(id)}/access-requests`, {
    params: { cursor },
    signal,
  });
}

export function accessRequestsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: discussionPeopleKeys.requests(id),
    queryFn: ({ pageParam, signal }) => getAccessRequests(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
    meta: { silent: true },
  });
}

export function useAccessRequests(id: string, overrides: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...accessRequestsQueryOptions(id), ...overrides });
}
