import { useTranslation } from '../../../lib/i18n';
import { useCollections } from '../api/get-collections';
import { useDraftCollection } from '../api/get-draft-collection';
import type { SaveTarget } from './use-add-to-collection';

/** The draft first, then my collections (most recent change first), a page at a time. */
export function useSaveTargets({ enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useTranslation();
  const draft = useDraftCollection({ enabled });
  const collections = useCollections({ enabled });
  const targets: SaveTarget[] = [
    ...(draft.data ? [{ id: draft.data.id, name: t('collections.add.draft'), itemsCount: draft.data.itemsCount, isDraft: true }] : []),
    ...(collections.data?.pages.flatMap((page) => page.data) ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      itemsCount: c.itemsCount,
      isDraft: false,
    })),
  ];
  return {
    targets,
    draft: draft.data,
    isPending: draft.isPending || collections.isPending,
    hasMore: collections.hasNextPage,
    loadMore: () => void collections.fetchNextPage(),
    loadingMore: collections.isFetchingNextPage,
  };
}
