import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CollectionsResponse } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { collectionKeys } from './collection-keys';

export type CollectionsPage = Camelized<CollectionsResponse>;

export function getCollections(cursor: string | null, signal?: AbortSignal): Promise<CollectionsPage> {
  return apiClient.get<CollectionsResponse>('collections', { params: { cursor }, signal });
}

/** My named collections, most recent change first, a page at a time (the draft: get-draft-collection.ts). */
export function collectionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: collectionKeys.lists(),
    queryFn: ({ pageParam, signal }) => getCollections(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useCollections(overrides: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...collectionsQueryOptions(), ...overrides });
}
