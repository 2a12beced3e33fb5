import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedCollection as WireSharedCollection } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, type SharedCollection } from './collection-keys';

export async function getSharedCollection(hash: string, signal?: AbortSignal): Promise<SharedCollection> {
  const response = await apiClient.get<{ data: WireSharedCollection }>(`shared/${encodeURIComponent(hash)}`, { signal });
  return response.data;
}

/** Silent: a revoked or malformed link (404) is the page's own "this link does not work". */
export function sharedCollectionQueryOptions(hash: string) {
  return queryOptions({
    queryKey: collectionKeys.shared(hash),
    queryFn: ({ signal }) => getSharedCollection(hash, signal),
    meta: { silent: true },
  });
}

export function useSharedCollection(hash: string) {
  return useQuery(sharedCollectionQueryOptions(hash));
}
