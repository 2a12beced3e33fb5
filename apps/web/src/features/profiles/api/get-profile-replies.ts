import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListMeta } from '@wink/contracts/common';
import type { ProfileComment as WireProfileComment } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { profileKeys } from './get-profile';

export type ProfileReply = Camelized<WireProfileComment>;
export type ProfileRepliesPage = Camelized<{ data: WireProfileComment[]; meta: ListMeta }>;

/** GET users/{sid}/replies: their comments and replies, newest first, each with the discussion it was said in. */
export function getProfileReplies(sid: string, cursor: string | undefined, signal?: AbortSignal): Promise<ProfileRepliesPage> {
  return apiClient.get<{ data: WireProfileComment[]; meta: ListMeta }>(`users/${encodeURIComponent(sid)}/replies`, {
    params: { cursor },
    signal,
  });
}

export function profileRepliesQueryOptions(sid: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.replies(sid),
    queryFn: ({ pageParam, signal }) => getProfileReplies(sid, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useProfileReplies(sid: string) {
  return useInfiniteQuery(profileRepliesQueryOptions(sid));
}
