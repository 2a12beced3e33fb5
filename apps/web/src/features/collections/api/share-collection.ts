import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, collectionPath, type CollectionDetail } from './collection-keys';

/** A new link every time: sharing again is regenerating (the old link stops working). */
export async function shareCollection(id: string): Promise<string> {
  const response = await apiClient.post<{ data: { share_hash: string } }>(`${collectionPath(id)}/share`);
  return response.data.shareHash;
}

export async function revokeShare(id: string): Promise<void> {
  await apiClient.delete(`${collectionPath(id)}/share`);
}

/** Share, regenerate (`share: true`) or revoke (`share: false`); the collection in the cache carries the new hash. */
export function useShareCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (share: boolean) => (share ? shareCollection(id) : revokeShare(id).then(() => null)),
    onSuccess: (hash) => {
      queryClient.setQueryData<CollectionDetail>(collectionKeys.detail(id), (current) => current && { ...current, shareHash: hash });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}
