import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { discussionKeys } from './discussion-keys';

export async function deleteDiscussion(id: string): Promise<void> {
  await apiClient.delete(`discussions/${encodeURIComponent(id)}`);
}

export function useDeleteDiscussion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDiscussion(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: discussionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists() });
    },
  });
}
