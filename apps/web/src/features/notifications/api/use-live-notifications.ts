import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * After the page is on screen, not before: the first render stays within its budget. A notification
 * that lands in the meantime is fetched when the socket connects.
 */
const CONNECT_AFTER_MS = 2_500;

/**
 * Opens the real-time socket while signed in: new notifications and the unread count arrive at once.
 * The socket code is a lazy chunk, loaded once the page is idle; signing out closes the connection.
 */
export function useLiveNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      void import('./live-notifications').then(({ startLiveNotifications }) => {
        if (!cancelled) stop = startLiveNotifications(queryClient);
      });
    }, CONNECT_AFTER_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [enabled, queryClient]);
}
