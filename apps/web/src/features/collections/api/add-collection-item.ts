import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionItem as WireCollectionItem } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, collectionPath, type CollectionItem } from './collection-keys';

export interface NewItem {
  collectionId: string;
  articleId: string;
  note?: string | null;
}

/** Appends an article (copying an item is adding its article elsewhere); 422 when full or already there. */
export async function addCollectionItem({ collectionId, articleId, note }: NewItem): Promise<CollectionItem> {
  const response = await apiClient.post<{ data: WireCollectionItem }>(`${collectionPath(collectionId)}/items`, {
    articleId,
    ...(note ? { note } : {}),
  });
  return response.data;
}

/** Not silent: a 422 (already there, full) is the server's sentence in a notice. */
export function useAddCollectionItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCollectionItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
