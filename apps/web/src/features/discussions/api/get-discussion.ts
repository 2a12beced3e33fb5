import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscussionDetail as WireDiscussionDetail } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import { discussionKeys, type DiscussionDetail } from './discussion-keys';

export async function getDiscussion(id: string, signal?: AbortSignal): Promise<DiscussionDetail> {
  const response = await apiClient.get<{ data: WireDiscussionDetail }>(`discussions/${encodeURIComponent(id)}`, { signal });
  return response.data;
}

/**
 * Silent: a 404 (missing, private, or blocked: one answer on purpose) is the page's own
 * "unavailable" state, not an error dialog.
 */
export function discussionQueryOptions(id: string) {
  return queryOptions({
    queryKey: discussionKeys.detail(id),
    queryFn: ({ signal }) => getDiscussion(id, signal),
    meta: { silent: true },
  });
}

export function useDiscussion(id: string, overrides: { enabled?: boolean } = {}) {
  return useQuery({ ...discussionQueryOptions(id), ...overrides });
}
