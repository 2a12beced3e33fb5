import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { notificationResponse } from '@wink/contracts/notifications';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { patchLoadedNotifications, type AppNotification } from './get-notifications';
import { notificationKeys } from './get-unread-count';

/** POST notifications/{id}/read: reading it again keeps the first time. */
export async function markNotificationRead(id: string): Promise<AppNotification> {
  const response = await apiClient.post<z.infer<typeof notificationResponse>>(`notifications/${encodeURIComponent(id)}/read`);
  return response.data;
}

/**
 * Opening a notification marks it read. Quiet: the person is already on their way to what it points
 * at, and a mark that failed only leaves it unread. The list and the badge follow at once.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Pick<AppNotification, 'id' | 'readAt'>) => markNotificationRead(notification.id),
    meta: { silent: true },
    onMutate: (notification) => {
      if (notification.readAt !== null) return;
      const now = new Date().toISOString();
      patchLoadedNotifications(queryClient, (n) => (n.id === notification.id ? { ...n, readAt: now } : n));
      queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) => (count ? count - 1 : count));
    },
    onSuccess: (saved) => patchLoadedNotifications(queryClient, (n) => (n.id === saved.id ? saved : n)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
  });
}
