import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionDetail as WireCollectionDetail } from '@wink/contracts/collections';
import { apiClient } from '../../../lib/api-client';
import { collectionKeys, type CollectionDetail } from './collection-keys';

/** My draft with its items; the server makes it on first demand. */
export async function getDraftCollection(signal?: AbortSignal): Promise<CollectionDetail> {
  const response = await apiClient.get<{ data: WireCollectionDetail }>('collections/draft', { signal });
  return response.data;
}

export function draftCollectionQueryOptions() {
  return queryOptions({ queryKey: collectionKeys.draft(), queryFn: ({ signal }) => getDraftCollection(signal) });
}

export function useDraftCollection(overrides: { enabled?: boolean } = {}) {
  return useQuery({ ...draftCollectionQueryOptions(), ...overrides });
}
