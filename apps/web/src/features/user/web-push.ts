import { apiClient } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporting';
import { t } from '../../lib/i18n';
import { isNativePlatform } from '../../lib/native/platform';
import { showNotice } from '../../lib/notices';

/** What the switch needs of the browser: the permission and the service worker's push manager. */
export interface WebPushBrowser {
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker's push manager, or null when this page has no service worker (dev, old browsers). */
  pushManager(): Promise<PushManager | null>;
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

export const realBrowser: WebPushBrowser = {
  requestPermission: () => (Notification.permission === 'granted' ? Promise.resolve('granted') : Notification.requestPermission()),
  async pushManager() {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration?.pushManager ?? null;
  },
};

const failed = (message: 'settingsPage.webPushBlocked' | 'settingsPage.webPushUnavailable') => {
  showNotice({ severity: 'warning', message: t(message) });
  return false;
};

async function subscribe(manager: PushManager): Promise<PushSubscription> {
  const existing = await manager.getSubscription();
  if (existing) return existing;
  const { data } = await apiClient.get<{ data: { public_key: string } }>('push/vapid-public-key');
  return manager.subscribe({ userVisibleOnly: true, applicationServerKey: data.publicKey });
}

/**
 * The browser's half of the web notifications switch. Turning it on asks for the permission and
 * subscribes this browser with the server's VAPID key; when that cannot be done (permission refused,
 * no service worker, push service unreachable) the setting is not saved and the person is told why
 * (docs/wire.md: push failures are reported and otherwise swallowed). Turning it off unsubscribes this
 * browser. In the Android shell the phone's own push does the work: the setting alone decides.
 */
export async function applyWebPush(enabled: boolean, browser: WebPushBrowser = realBrowser): Promise<boolean> {
  if (isNativePlatform()) return true;
  const manager = supported() || browser !== realBrowser ? await browser.pushManager().catch(() => null) : null;
  if (!enabled) {
    const current = await manager?.getSubscription().catch(() => null);
    if (current) {
      await apiClient
        .delete('push/subscriptions', { endpoint: current.endpoint })
        .catch((error: unknown) => reportError(error, { area: 'web-push' }));
      await current.unsubscribe().catch(() => false);
    }
    return true;
  }
  if (!manager) return failed('settingsPage.webPushUnavailable');
  if ((await browser.requestPermission()) !== 'granted') return failed('settingsPage.webPushBlocked');
  try {
    const subscription = (await subscribe(manager)).toJSON();
    await apiClient.post('push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
    return true;
  } catch (error) {
    reportError(error, { area: 'web-push' });
    return failed('settingsPage.webPushUnavailable');
  }
}
