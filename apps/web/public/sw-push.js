/*
 * Web push for /sw.js: the generated service worker imports this file (vite.config.ts, workbox.importScripts).
 * The server sends { title, body, path, tag, data } (apps/server/.../delivery/web-push-channel.ts); `path`
 * already follows the seed's tap rules (section 4), the same place the notifications page opens.
 */
/* global self */

/** Only a path on this site: a message can never send the person elsewhere. */
function samePath(path) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/notifications';
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Wink Health', {
      body: message.body || '',
      tag: message.tag || undefined,
      // A collapsed notification replaces its earlier self; say so again rather than silently.
      renotify: Boolean(message.tag),
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      data: { ...(message.data || {}), path: samePath(message.path) },
    }),
  );
});

/** Opens the notification's page: in a window of this app already open (focused), else a new one. */
self.openNotification = async (notification) => {
  notification.close();
  const url = new URL(samePath(notification.data && notification.data.path), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    let navigated = null;
    try {
      navigated = (await open.navigate(url)) || open;
    } catch {
      // A window this worker does not control cannot be navigated from here: open the page anew.
    }
    if (navigated) {
      try {
        await navigated.focus();
      } catch {
        // Focusing is only allowed while a click is being handled; the page is open either way.
      }
      return navigated;
    }
  }
  return self.clients.openWindow(url);
};

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(self.openNotification(event.notification));
});
