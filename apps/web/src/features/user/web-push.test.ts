import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, getCurrentNotice } from '../../lib/notices';
import { fakeServer, json } from '../../test/fake-server';
import { applyWebPush, type WebPushBrowser } from './web-push';

const KEY = 'BPublicVapidKey';

/** A browser's push manager: one subscription at most, as the Push API keeps it. */
function pushManager(options: { fails?: boolean } = {}) {
  let current: PushSubscription | null = null;
  const subscribe = vi.fn(async ({ applicationServerKey }: PushSubscriptionOptionsInit) => {
    if (options.fails) throw new DOMException('Registration failed - push service error', 'AbortError');
    const endpoint = `https://push.example.com/${String(applicationServerKey)}`;
    current = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    } as unknown as PushSubscription;
    return current;
  });
  return { manager: { subscribe, getSubscription: async () => current } as unknown as PushManager, subscribe };
}

const browserWith = (
  manager: PushManager | null,
  permission: NotificationPermission = 'granted',
): WebPushBrowser & { asked: () => number } => {
  let asked = 0;
  return {
    requestPermission: async () => {
      asked++;
      return permission;
    },
    pushManager: async () => manager,
    asked: () => asked,
  };
};

describe('applyWebPush', () => {
  beforeEach(() => clearNotices());
  afterEach(() => vi.restoreAllMocks());

  it('asks for the permission, subscribes with the server’s VAPID key and hands the subscription to the server', async () => {
    const server = fakeServer({
      'GET /api/push/vapid-public-key': () => json(200, { data: { public_key: KEY } }),
      'POST /api/push/subscriptions': () => json(204),
    });
    const { manager, subscribe } = pushManager();
    const browser = browserWith(manager);
    expect(await applyWebPush(true, browser)).toBe(true);
    expect(browser.asked()).toBe(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(server.callsTo('POST', '/api/push/subscriptions')[0]?.body).toEqual({
      endpoint: `https://push.example.com/${KEY}`,
      'keys[p256dh]': 'BKey',
      'keys[auth]': 'secret',
    });
    expect(getCurrentNotice()).toBeNull();
  });

  it('does not save the setting and says why when the permission is refused', async () => {
    const server = fakeServer({});
    expect(await applyWebPush(true, browserWith(pushManager().manager, 'denied'))).toBe(false);
    expect(getCurrentNotice()?.message).toMatch(/Allow notifications for this site/);
    expect(server.writes()).toEqual([]);
  });

  it('gives up quietly (reported, told) when the push service is unreachable or there is no service worker', async () => {
    fakeServer({ 'GET /api/push/vapid-public-key': () => json(200, { data: { public_key: KEY } }) });
    expect(await applyWebPush(true, browserWith(pushManager({ fails: true }).manager))).toBe(false);
    expect(getCurrentNotice()?.message).toMatch(/could not be turned on in this browser/);
    clearNotices();
    expect(await applyWebPush(true, browserWith(null))).toBe(false);
    expect(getCurrentNotice()?.message).toMatch(/could not be turned on in this browser/);
  });

  it('unsubscribes this browser and tells the server when turned off', async () => {
    const server = fakeServer({
      'GET /api/push/vapid-public-key': () => json(200, { data: { public_key: KEY } }),
      'POST /api/push/subscriptions': () => json(204),
      'DELETE /api/push/subscriptions': () => json(204),
    });
    const { manager } = pushManager();
    await applyWebPush(true, browserWith(manager));
    expect(await applyWebPush(false, browserWith(manager))).toBe(true);
    expect(server.callsTo('DELETE', '/api/push/subscriptions')[0]?.body).toEqual({ endpoint: `https://push.example.com/${KEY}` });
    expect(await manager.getSubscription()).toBeNull();
  });
});
