import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile as WireProfile } from '@wink/contracts/people';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type Profile = Camelized<WireProfile>;

/** One key root for everything about a person: their profile and its four lists. */
export const profileKeys = {
  all: ['profiles'] as const,
  person: (sid: string) => [...profileKeys.all, sid] as const,
  detail: (sid: string) => [...profileKeys.person(sid), 'detail'] as const,
  discussions: (sid: string) => [...profileKeys.person(sid), 'discussions'] as const,
  replies: (sid: string) => [...profileKeys.person(sid), 'replies'] as const,
  upvotes: (sid: string) => [...profileKeys.person(sid), 'upvotes'] as const,
  followings: (sid: string) => [...profileKeys.person(sid), 'followings'] as const,
};

export async function getProfile(sid: string, signal?: AbortSignal): Promise<Profile> {
  const response = await apiClient.get<{ data: WireProfile }>(`users/${encodeURIComponent(sid)}`, { signal });
  return response.data;
}

export function profileQueryOptions(sid: string) {
  return queryOptions({
    queryKey: profileKeys.detail(sid),
    queryFn: ({ signal }) => getProfile(sid, signal),
    // A missing (or blocking) person is the page's own "not found" state, not a notice.
    meta: { silent: true },
  });
}

export function useProfile(sid: string, overrides: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(sid), ...overrides });
}
