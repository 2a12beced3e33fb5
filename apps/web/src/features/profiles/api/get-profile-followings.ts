import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListMeta } from '@wink/contracts/common';
import type { FollowingsResponse } from '@wink/contracts/people';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { profileKeys } from './get-profile';

type WireFollowing = FollowingsResponse['data'][number];
export type Following = Camelized<WireFollowing>;
export type FollowingsPage = Camelized<{ data: WireFollowing[]; meta: ListMeta }>;

/** GET users/{sid}/followings: the people they follow, newest first. */
export function getProfileFollowings(sid: string, cursor: string | undefined, signal?: AbortSignal): Promise<FollowingsPage> {
  return apiClient.get<{ data: WireFollowing[]; meta: ListMeta }>(`users/${encodeURIComponent(sid)}/followings`, {
    params: { cursor },
    signal,
  });
}

export function profileFollowingsQueryOptions(sid: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.followings(sid),
    queryFn: ({ pageParam, signal }) => getProfileFollowings(sid, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useProfileFollowings(sid: string) {
  return useInfiniteQuery(profileFollowingsQueryOptions(sid));
}
