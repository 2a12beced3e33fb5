import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { blockedUserKeys, type BlockedUser, type BlockedUsersPage } from './get-blocked-users';

export async function unblockUser(sid: string): Promise<void> {
  await apiClient.delete<null>(`users/${encodeURIComponent(sid)}/block`);
}

/** Undo of an unblock: the same call the profile page makes to block. */
export async function blockUser(sid: string): Promise<void> {
  await apiClient.post<null>(`users/${encodeURIComponent(sid)}/block`);
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: BlockedUser) => unblockUser(user.sid),
    onSuccess: (_result, user) => {
      // Drop the row in place rather than refetching: the cursor pages already loaded stay put.
      queryClient.setQueryData<InfiniteData<BlockedUsersPage>>(blockedUserKeys.all, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.sid !== user.sid) })) } : data,
      );
    },
  });
}

export function useBlockUserAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: BlockedUser) => blockUser(user.sid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedUserKeys.all }),
  });
}
