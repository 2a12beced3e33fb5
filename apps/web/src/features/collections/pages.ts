/** The four collection pages as one module (one chunk): app/collections-pages.ts loads it. */
export { default as CollectionPage } from './components/collection-page';
export { default as CollectionsPage } from './components/collections-page';
export { default as DraftCollectionPage } from './components/draft-collection-page';
export { default as SharedCollectionPage } from './components/shared-collection-page';
