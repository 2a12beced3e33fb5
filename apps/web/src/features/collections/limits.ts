/**
 * The collection limits the client checks before asking (the server enforces them either way). The
 * numbers are the contract's (packages/contracts/src/collections.ts; limits.test.ts holds them
 * equal), copied rather than imported: importing the contract module would bring zod into the
 * lazily loaded save menu of the search page.
 */
export { COLLECTION_ITEM_LIMIT } from '../../config';
export const COLLECTION_NAME_MAX = 120;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const COLLECTION_NOTE_MAX = 10_000;
