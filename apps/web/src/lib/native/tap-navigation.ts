import type { ActionPerformed } from '@capacitor/push-notifications';
import { notificationPath, type PushNotificationData } from './notification-routes';

export type Navigate = (path: string) => unknown;

/**
 * Routes notification taps with the app's router. A tap that cold-starts the app can arrive before
 * the router exists, so the last one waits until main.tsx hands over `router.navigate`.
 */
export function createTapNavigator() {
  let navigate: Navigate | null = null;
  let waiting: string | null = null;

  return {
    setNavigate(next: Navigate) {
      navigate = next;
      if (waiting) {
        const path = waiting;
        waiting = null;
        void navigate(path);
      }
    },
    handleTap(action: Pick<ActionPerformed, 'notification'>) {
      const path = notificationPath(action.notification?.data as PushNotificationData | undefined);
      if (!path) return;
      if (navigate) void navigate(path);
      else waiting = path;
    },
  };
}

export const tapNavigator = createTapNavigator();
