import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { notificationsResponse } from '@wink/contracts/notifications';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { notificationKeys } from './get-unread-count';

export type NotificationsPage = Camelized<z.infer<typeof notificationsResponse>>;
export type AppNotification = NotificationsPage['data'][number];

/** The list's key, under the badge's family so a sign-out's cache clear takes both. */
export const notificationListKey = [...notificationKeys.all, 'list'] as const;

export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationsPage> {
  return apiClient.get<z.infer<typeof notificationsResponse>>('notifications', { params: { cursor }, signal });
}

/** Newest first, a page at a time; the next page is asked for with `meta.next_cursor`. */
export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/** Changes the notifications already loaded in place (read marks), without refetching every page. */
export function patchLoadedNotifications(queryClient: QueryClient, patch: (notification: AppNotification) => AppNotification): void {
  queryClient.setQueryData<InfiniteData<NotificationsPage, string | null>>(notificationListKey, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(patch) })) } : data,
  );
}
