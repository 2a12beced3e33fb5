import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionDetail as WireCollectionDetail } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, collectionPath, type CollectionDetail } from './collection-keys';

export async function getCollection(id: string, signal?: AbortSignal): Promise<CollectionDetail> {
  const response = await apiClient.get<{ data: WireCollectionDetail }>(collectionPath(id), { signal });
  return response.data;
}

/** Silent: a 404 (missing or someone else's, one answer on purpose) is the page's own "unavailable" state. */
export function collectionQueryOptions(id: string) {
  return queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: ({ signal }) => getCollection(id, signal),
    meta: { silent: true },
  });
}

export function useCollection(id: string, overrides: { enabled?: boolean } = {}) {
  return useQuery({ ...collectionQueryOptions(id), ...overrides });
}
