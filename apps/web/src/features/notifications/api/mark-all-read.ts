import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { notificationListKey, patchLoadedNotifications } from './get-notifications';
import { notificationKeys } from './get-unread-count';

/** POST notifications/read-all (204). */
export async function markAllNotificationsRead(): Promise<void> {
  await apiClient.post<null>('notifications/read-all');
}

/** Everything read at once: the loaded pages turn read without a refetch, the badge drops to zero. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      const now = new Date().toISOString();
      patchLoadedNotifications(queryClient, (n) => (n.readAt === null ? { ...n, readAt: now } : n));
      queryClient.setQueryData(notificationKeys.unreadCount(), 0);
      // Notifications that arrived meanwhile (not loaded yet) come in with the refetch, unread.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
        queryClient.invalidateQueries({ queryKey: notificationListKey, refetchType: 'none' }),
      ]);
    },
  });
}
