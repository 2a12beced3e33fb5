import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail as WireCollectionDetail } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, type CollectionDetail } from './collection-keys';

/** A copy of a shared collection as my own named collection (its `savedFrom` keeps the hash). */
export async function saveSharedCollection(hash: string): Promise<CollectionDetail> {
  const response = await apiClient.post<{ data: WireCollectionDetail }>(`shared/${encodeURIComponent(hash)}/save`);
  return response.data;
}

export function useSaveSharedCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSharedCollection,
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}
