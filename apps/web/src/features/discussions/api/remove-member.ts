import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { discussionKeys } from './discussion-keys';
import { refreshDiscussionPeople } from './get-members';

/** DELETE discussions/{id}/members/{sid}: the owner removes someone, or a member removes themself (leaving). */
export async function removeMember(id: string, sid: string): Promise<void> {
  await apiClient.delete<null>(`discussions/${encodeURIComponent(id)}/members/${encodeURIComponent(sid)}`);
}

export function useRemoveMember(id: string, { onRemoved }: { onRemoved?: (sid: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => removeMember(id, sid),
    onSuccess: async (_result, sid) => {
      onRemoved?.(sid);
      // Leaving changes which discussions are "joined"; the lists refetch when next shown.
      await Promise.all([refreshDiscussionPeople(queryClient, id), queryClient.invalidateQueries({ queryKey: discussionKeys.lists() })]);
    },
  });
}
