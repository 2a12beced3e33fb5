import { useNavigate } from 'react-router';
import { track } from '../../../lib/analytics';
import { useTranslation } from '../../../lib/i18n';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useAddCollectionItem } from '../api/add-collection-item';
import { COLLECTION_ITEM_LIMIT } from '../limits';

/** A place an article can be saved to: the draft or one of my collections, with how full it is. */
export interface SaveTarget {
  id: string;
  name: string;
  itemsCount: number;
  isDraft: boolean;
}

/** Where the save came from, for analytics: a search result's button or the drawer's tab. */
export type SaveOrigin = 'search_result' | 'article_drawer';

/**
 * Saves an article to a target. A full target is refused here, before any request (the server
 * refuses it too, under a lock); a duplicate is the server's 422 sentence in a notice.
 */
export function useAddToCollection(origin: SaveOrigin) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddCollectionItem();
  const save = (target: SaveTarget, articleId: string, onSaved?: () => void) => {
    if (target.itemsCount >= COLLECTION_ITEM_LIMIT) {
      showNotice({ severity: 'warning', message: t('collections.add.full', { name: target.name, limit: COLLECTION_ITEM_LIMIT }) });
      return;
    }
    add.mutate(
      { collectionId: target.id, articleId },
      {
        onSuccess: () => {
          track('collection_item_added', { origin, target: target.isDraft ? 'draft' : 'collection' });
          showNotice({
            severity: 'success',
            message: t('collections.add.added', { name: target.name }),
            action: {
              label: t('collections.add.open'),
              onClick: () => void navigate(target.isDraft ? paths.CollectionsShowDraft() : paths.CollectionsShow(target.id)),
            },
          });
          onSaved?.();
        },
      },
    );
  };
  return { save, isPending: add.isPending, pendingTarget: add.isPending ? add.variables?.collectionId : undefined };
}
