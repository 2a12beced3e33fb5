import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { addCollectionItem, collectionKeys, getDraftCollection } from '../../collections';

export interface SavedCited {
  draftId: string;
  added: number;
}

/**
 * Adds every cited article to my draft collection, one after another (positions are kept in
 * citation order). One already there is fine (422 duplicate); any other failure stops and throws.
 */
export async function saveCitedArticles(articleIds: string[]): Promise<SavedCited> {
  const draft = await getDraftCollection();
  const present = new Set(draft.items.map((item) => item.article.id));
  let added = 0;
  for (const articleId of articleIds) {
    if (present.has(articleId)) continue;
    try {
      await addCollectionItem({ collectionId: draft.id, articleId });
      added++;
      track('collection_item_added', { source: 'healthbot' });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422 && error.data.errors?.articleId)) throw error;
    }
  }
  return { draftId: draft.id, added };
}

export function useSaveCitedArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCitedArticles,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
