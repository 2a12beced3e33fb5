/**
 * The collection pages, each reached through this small module. The entry lists every lazily loaded
 * chunk with its preload list, and every first render pays for that list: the pages' lists travel
 * here instead, fetched only on the way to a collection page, at the cost of one small request
 * before it. Each page fetches only its own components (the list of collections does without the
 * share, transfer and export dialogs of one collection).
 */
export const collectionPages = {
  CollectionPage: () => import('../features/collections/components/collection-page'),
  CollectionsPage: () => import('../features/collections/components/collections-page'),
  DraftCollectionPage: () => import('../features/collections/components/draft-collection-page'),
  SharedCollectionPage: () => import('../features/collections/components/shared-collection-page'),
};
