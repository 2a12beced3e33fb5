import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionItem as WireCollectionItem } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { moveItem } from '../item-order';
import { collectionKeys, collectionPath, type CollectionDetail, type CollectionItem } from './collection-keys';

export interface ItemChanges {
  note?: string | null;
  position?: number;
  /** Moves the item to another of my collections (appended there). */
  collectionId?: string;
}

export async function updateCollectionItem(collectionId: string, itemId: string, changes: ItemChanges): Promise<CollectionItem> {
  const response = await apiClient.patch<{ data: WireCollectionItem }>(
    `${collectionPath(collectionId)}/items/${encodeURIComponent(itemId)}`,
    // A cleared note travels as an empty field, which the server reads as no note.
    { ...changes, ...(changes.note !== undefined && { note: changes.note ?? '' }) },
  );
  return response.data;
}

interface Variables {
  itemId: string;
  changes: ItemChanges;
}

/**
 * Changes of one item of the collection shown under `viewKey` (its detail or the draft). A new
 * position shows at once and goes back if the server refuses it.
 */
export function useUpdateCollectionItem(collectionId: string, viewKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, changes }: Variables) => updateCollectionItem(collectionId, itemId, changes),
    onMutate: async ({ itemId, changes }) => {
      if (changes.position === undefined || changes.collectionId !== undefined) return undefined;
      await queryClient.cancelQueries({ queryKey: viewKey });
      const before = queryClient.getQueryData<CollectionDetail>(viewKey);
      if (before)
        queryClient.setQueryData<CollectionDetail>(viewKey, { ...before, items: moveItem(before.items, itemId, changes.position) });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(viewKey, context.before);
    },
    onSuccess: (item, { changes }) => {
      if (changes.note !== undefined) {
        const current = queryClient.getQueryData<CollectionDetail>(viewKey);
        if (current)
          queryClient.setQueryData<CollectionDetail>(viewKey, {
            ...current,
            items: current.items.map((entry) => (entry.id === item.id ? { ...entry, note: item.note } : entry)),
          });
      }
    },
    // Counts and "last change" of every list follow; the view itself is refetched to the server's order.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
