import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListMeta } from '@wink/contracts/common';
import type { Discussion as WireDiscussion } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { profileKeys } from './get-profile';

export type ProfileDiscussion = Camelized<WireDiscussion>;
export type ProfileDiscussionsPage = Camelized<{ data: WireDiscussion[]; meta: ListMeta }>;

/** GET users/{sid}/discussions: the ones they started that I may see, newest first. */
export function getProfileDiscussions(sid: string, cursor: string | undefined, signal?: AbortSignal): Promise<ProfileDiscussionsPage> {
  return apiClient.get<{ data: WireDiscussion[]; meta: ListMeta }>(`users/${encodeURIComponent(sid)}/discussions`, {
    params: { cursor },
    signal,
  });
}

export function profileDiscussionsQueryOptions(sid: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.discussions(sid),
    queryFn: ({ pageParam, signal }) => getProfileDiscussions(sid, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useProfileDiscussions(sid: string) {
  return useInfiniteQuery(profileDiscussionsQueryOptions(sid));
}
