import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** The socket pushes counts at once; polling stays as the fallback where a socket cannot stay open. */
const UNREAD_COUNT_REFRESH_MS = 60_000;

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const response = await apiClient.get<{ data: { count: number } }>('notifications/unread-count', { signal });
  return response.data.count;
}

/**
 * The number on the app bar's badge. Silent: a badge that cannot load shows nothing rather than
 * an error dialog over whatever the person is doing.
 */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    meta: { silent: true },
    staleTime: 30_000,
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
  });
}

export function useUnreadCount(overrides: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), ...overrides });
}
