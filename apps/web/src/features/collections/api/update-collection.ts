import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDetail as WireCollectionDetail } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, collectionPath, type CollectionDetail } from './collection-keys';

export interface CollectionChanges {
  name?: string;
  description?: string;
  /** false saves the draft as a named collection (a name is needed then). */
  isDraft?: false;
}

export async function updateCollection(id: string, changes: CollectionChanges): Promise<CollectionDetail> {
  const response = await apiClient.patch<{ data: WireCollectionDetail }>(collectionPath(id), { ...changes });
  return response.data;
}

/** Silent: the form shows 422 sentences under its fields. Saving the draft empties the draft's key too. */
export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: CollectionChanges }) => updateCollection(id, changes),
    meta: { silent: true },
    onSuccess: (collection, { changes }) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      if (changes.isDraft === false) queryClient.removeQueries({ queryKey: collectionKeys.draft() });
      void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}
