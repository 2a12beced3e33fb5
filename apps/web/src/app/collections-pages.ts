/**
 * The collection pages, loaded together through one import (like community-pages.ts), by way of
 * this small module. The entry lists every lazily loaded chunk with its preload list, and every first
 * render pays for that list: the pages' list (35 chunks) travels here instead, fetched only on the way
 * to a collection page, at the cost of one small request before it.
 */
export const loadCollectionPages = () => import('../features/collections/pages');
