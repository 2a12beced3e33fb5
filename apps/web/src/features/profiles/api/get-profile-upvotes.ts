import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListMeta } from '@wink/contracts/common';
import type { Discussion as WireDiscussion } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import type { ProfileDiscussionsPage } from './get-profile-discussions';
import { profileKeys } from './get-profile';

/** GET users/{sid}/upvotes: discussions they upvoted that I may see, newest upvote first. */
export function getProfileUpvotes(sid: string, cursor: string | undefined, signal?: AbortSignal): Promise<ProfileDiscussionsPage> {
  return apiClient.get<{ data: WireDiscussion[]; meta: ListMeta }>(`users/${encodeURIComponent(sid)}/upvotes`, {
    params: { cursor },
    signal,
  });
}

export function profileUpvotesQueryOptions(sid: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.upvotes(sid),
    queryFn: ({ pageParam, signal }) => getProfileUpvotes(sid, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useProfileUpvotes(sid: string) {
  return useInfiniteQuery(profileUpvotesQueryOptions(sid));
}
