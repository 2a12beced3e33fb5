import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail as WireCollectionDetail } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, type CollectionDetail } from './collection-keys';

export interface CollectionFields {
  name: string;
  description?: string;
}

export async function createCollection(fields: CollectionFields): Promise<CollectionDetail> {
  const response = await apiClient.post<{ data: WireCollectionDetail }>('collections', { ...fields });
  return response.data;
}

/** Silent: the form shows 422 sentences under its fields. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    meta: { silent: true },
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}
