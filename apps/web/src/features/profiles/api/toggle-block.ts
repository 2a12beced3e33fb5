import { useMutation, useQueryClient } from '@tanstack/react-query';
// The user feature owns POST/DELETE users/{sid}/block and the blocked-users list; reuse both rather than retype them.
import { blockedUserKeys, blockUser, unblockUser } from '../../user';
import { profileKeys, type Profile } from './get-profile';

/** Blocks (or unblocks) the person whose profile is open, from the profile's "more" menu. */
export function useToggleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sid, block }: { sid: string; block: boolean }) => {
      await (block ? blockUser(sid) : unblockUser(sid));
    },
    onSuccess: async (_result, { sid, block }) => {
      // Blocking also ends a follow either way (they cannot follow me; I stop seeing them), so the counts are refetched.
      queryClient.setQueryData<Profile>(profileKeys.detail(sid), (profile) => (profile ? { ...profile, blocked: block } : profile));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}
