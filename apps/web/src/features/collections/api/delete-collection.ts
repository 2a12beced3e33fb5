import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, collectionPath } from './collection-keys';

export async function deleteCollection(id: string): Promise<void> {
  await apiClient.delete(collectionPath(id));
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollection,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}
