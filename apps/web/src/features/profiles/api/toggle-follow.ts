import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileKeys, type Profile } from './get-profile';

export interface FollowState {
  followed: boolean;
  followersCount: number;
}

/** POST (follow) or DELETE (unfollow) users/{sid}/follow; answers the new state and follower count. */
export async function setFollowing(sid: string, follow: boolean): Promise<FollowState> {
  const path = `users/${encodeURIComponent(sid)}/follow`;
  const response = follow
    ? await apiClient.post<{ data: { followed: boolean; followers_count: number } }>(path)
    : await apiClient.delete<{ data: { followed: boolean; followers_count: number } }>(path);
  return response.data;
}

export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sid, follow }: { sid: string; follow: boolean }) => setFollowing(sid, follow),
    onSuccess: async (state, { sid }) => {
      queryClient.setQueryData<Profile>(profileKeys.detail(sid), (profile) => (profile ? { ...profile, ...state } : profile));
      // My own "following" count changed, and every followings list may show this person's button.
      // Other people's profiles did not: leave them be.
      await queryClient.invalidateQueries({
        queryKey: profileKeys.all,
        predicate: (query) => query.queryKey[2] !== 'detail' || (query.state.data as Profile | undefined)?.isMe === true,
      });
    },
  });
}
