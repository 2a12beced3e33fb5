import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationCreatedEvent } from '@wink/contracts/events';
import { camelizeKeys } from '../../../lib/case';
import { closeSocket, onConnected, openSocket } from '../../../lib/socket';
import { notificationListKey, type NotificationsPage } from './get-notifications';
import { notificationKeys } from './get-unread-count';

/**
 * A pushed notification goes on top of the loaded list (a collapsed one moves up from wherever it
 * was) and the badge takes the count the server sent with it. Earlier pages' cursors are the last
 * item of each page, so putting one on top never skews the next page asked for.
 */
export function applyPushedNotification(queryClient: QueryClient, event: NotificationCreatedEvent): void {
  const notification = camelizeKeys(event.notification);
  queryClient.setQueryData(notificationKeys.unreadCount(), event.unread_count);
  queryClient.setQueryData<InfiniteData<NotificationsPage, string | null>>(notificationListKey, (data) => {
    if (!data?.pages.length) return data;
    const pages = data.pages.map((page) => ({ ...page, data: page.data.filter((n) => n.id !== notification.id) }));
    const [first, ...rest] = pages;
    const isNew = pages.every((page, i) => page.data.length === data.pages[i]!.data.length);
    const total = first!.meta.total === null ? null : first!.meta.total + (isNew ? 1 : 0);
    return { ...data, pages: [{ ...first!, data: [notification, ...first!.data], meta: { ...first!.meta, total } }, ...rest] };
  });
}

/** Opens the socket and listens for my notifications and counts; the returned function closes it (sign-out). */
export function startLiveNotifications(queryClient: QueryClient): () => void {
  const socket = openSocket();
  const onNotification = (event: NotificationCreatedEvent) => applyPushedNotification(queryClient, event);
  const onCount = ({ count }: { count: number }) => queryClient.setQueryData(notificationKeys.unreadCount(), count);
  socket.on('notification:created', onNotification);
  socket.on('notifications:unread-count', onCount);
  // Whatever came while the socket was away (or before it first opened) comes in over HTTP. Another
  // part of the page (an open discussion) may have connected it already: what came before these
  // listeners existed is fetched now.
  const resync = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const stopResync = onConnected(resync);
  if (socket.connected) resync();
  return () => {
    socket.off('notification:created', onNotification);
    socket.off('notifications:unread-count', onCount);
    stopResync();
    closeSocket();
  };
}
