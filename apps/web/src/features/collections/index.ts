/**
 * What other features use of collections: the draft collection and adding to it. The menu and the
 * article's collections tab are loaded by their own dynamic import(), never through here.
 */
export { addCollectionItem } from './api/add-collection-item';
export { collectionKeys } from './api/collection-keys';
export { getDraftCollection } from './api/get-draft-collection';
