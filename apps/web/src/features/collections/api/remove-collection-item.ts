import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { withoutItem } from '../item-order';
import { collectionKeys, collectionPath, type CollectionDetail } from './collection-keys';

export async function removeCollectionItem(collectionId: string, itemId: string): Promise<void> {
  await apiClient.delete(`${collectionPath(collectionId)}/items/${encodeURIComponent(itemId)}`);
}

/** Removes an item of the collection shown under `viewKey`; it leaves the view at once and comes back if the server refuses. */
export function useRemoveCollectionItem(collectionId: string, viewKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => removeCollectionItem(collectionId, itemId),
    onMutate: async (itemId) => {
      await queryClient.cancelQueries({ queryKey: viewKey });
      const before = queryClient.getQueryData<CollectionDetail>(viewKey);
      if (before) {
        const items = withoutItem(before.items, itemId);
        queryClient.setQueryData<CollectionDetail>(viewKey, { ...before, items, itemsCount: items.length });
      }
      return { before };
    },
    onError: (_error, _itemId, context) => {
      if (context?.before) queryClient.setQueryData(viewKey, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
