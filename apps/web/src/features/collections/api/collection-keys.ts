import type {
  Collection as WireCollection,
  CollectionDetail as WireCollectionDetail,
  CollectionItem as WireCollectionItem,
  SharedCollection as WireSharedCollection,
} from '@wink/contracts/collections';
import type { Camelized } from '../../../lib/case';

export type Collection = Camelized<WireCollection>;
export type CollectionDetail = Camelized<WireCollectionDetail>;
export type CollectionItem = Camelized<WireCollectionItem>;
export type SharedCollection = Camelized<WireSharedCollection>;
export type ExportFormat = 'csv' | 'ris' | 'bibtex';

/**
 * The one key root for collections. The draft has a key of its own (GET collections/draft) besides
 * its id's, so a change to items invalidates `all` and whichever view shows them refreshes.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  draft: () => [...collectionKeys.all, 'draft'] as const,
  detail: (id: string) => [...collectionKeys.all, 'detail', id] as const,
  shared: (hash: string) => ['shared-collection', hash] as const,
};

export const collectionPath = (id: string) => `collections/${encodeURIComponent(id)}`;
