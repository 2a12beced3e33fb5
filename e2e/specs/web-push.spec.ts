import type { BrowserContext, Page } from '@playwright/test';
import { startPushService, type PushService } from '../../apps/server/test/delivery/support/push-service';
import { demoAccounts, signedInState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';
import { apiPost, outboxFor } from '../support/http';
import { expect, test } from '../support/test';

/**
 * Chromium's own push service is Google's (FCM), which this machine cannot reach, so the page's
 * pushManager hands out a subscription of the local push service instead: real keys, made the way a
 * browser makes them, held by the test. Everything else is real: the permission, the settings page,
 * the server's encryption and VAPID signature, the service worker showing the notification and
 * opening the page.
 */
async function withLocalPushService(context: BrowserContext, push: PushService) {
  const subscription = push.subscribe();
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const make = () =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (!options?.applicationServerKey || !options.userVisibleOnly) throw new DOMException('No VAPID key', 'NotAllowedError');
      return (current ??= make());
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
  return subscription;
}

/** Hands the message the push service received to the page's service worker, as Chromium's push service would. */
async function deliverToServiceWorker(page: Page, origin: string, payload: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId as string);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
}

test.describe('web push', () => {
  let push: PushService;
  test.beforeAll(async () => {
    push = await startPushService();
  });
  test.afterAll(async () => {
    await push.close();
  });

  test('turning web notifications on subscribes this browser; a comment arrives as a notification that opens the comment', async ({
    browser,
    server,
  }) => {
    const origin = server.baseURL;
    const context = await browser.newContext({ baseURL: origin, storageState: await signedInState(origin, demoAccounts.trial) });
    await context.grantPermissions(['notifications'], { origin });
    const subscription = await withLocalPushService(context, push);
    const tess = await context.newPage();

    // The service worker installs on the first visit and controls the page from the next one.
    await tess.goto('/user/settings');
    await tess.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await tess.reload();
    await expect.poll(() => tess.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const webSwitch = tess.getByRole('switch', { name: 'Web notifications' });
    await expect(webSwitch).not.toBeChecked();
    await webSwitch.click();
    await expect(webSwitch).toBeChecked();
    await expect(tess.getByText('Web notifications could not be turned on')).toHaveCount(0);
    await tess.reload();
    await expect(tess.getByRole('switch', { name: 'Web notifications' })).toBeChecked(); // saved on the server
    await expectNoSeriousAxeViolations(tess, 'settings with web notifications on');
    await saveScreenshot(tess, 'settings-web-notifications');

    // Lena comments on Tess's discussion from her own browser session.
    const discussion = await apiPost(tess, 'discussions', {
      title: 'Evening walks',
      body: 'Who walks after dinner?',
      access_type: 'public',
    });
    const lena = await browser.newContext({ baseURL: origin, storageState: await signedInState(origin, demoAccounts.leader) });
    const lenaPage = await lena.newPage();
    const comment = await apiPost(lenaPage, `discussions/${discussion.data.id}/comments`, { body: 'Every evening, twenty minutes.' });

    // The server encrypted it for this browser and signed it with its VAPID key: the push service decrypted it.
    await expect.poll(() => push.received.filter((m) => m.subscription === subscription.id).length, { timeout: 20_000 }).toBe(1);
    expect(push.rejected).toEqual([]);
    const message = push.received.find((m) => m.subscription === subscription.id)!;
    expect(message.payload).toMatchObject({
      title: 'Evening walks',
      path: `/discussions/${discussion.data.id}/comments/${comment.data.id}`,
    });
    expect(String(message.payload.body)).toMatch(/commented in Evening walks$/);

    // The service worker shows it. A push handed to a registration still settling after its update can
    // be dropped; handing it again is harmless (the tag replaces the notification), as a push service retries.
    const shown = () =>
      tess.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
      );
    await expect(async () => {
      await deliverToServiceWorker(tess, origin, message.payload);
      await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: 'Evening walks', body: String(message.payload.body) }]);
    }).toPass({ timeout: 30_000 });

    // ...and opening it lands on the comment, in the window already open.
    await tess.goto('/notifications');
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; openNotification(n: Notification): Promise<unknown> };
      const [notification] = await scope.registration.getNotifications();
      await scope.openNotification(notification!);
    });
    await expect(tess).toHaveURL(new RegExp(`/discussions/${discussion.data.id}/comments/${comment.data.id}$`));
    await expect(tess.getByText('Every evening, twenty minutes.')).toBeVisible();

    // The same comment reached Tess's inbox; its one-click unsubscribe link works in the browser too.
    await expect.poll(async () => (await outboxFor(server.dataDir, demoAccounts.trial.email)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await outboxFor(server.dataDir, demoAccounts.trial.email);
    const unsubscribe = /Unsubscribe: (\S+)/.exec(mail!.text)![1]!;
    await tess.goto(unsubscribe);
    await expect(tess.getByRole('heading', { name: 'Stop notification e-mails?' })).toBeVisible();
    await expectNoSeriousAxeViolations(tess, 'unsubscribe page');
    await saveScreenshot(tess, 'email-unsubscribe');
    await tess.getByRole('button', { name: 'Turn off notification e-mails' }).click();
    await expect(tess.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await tess.goto('/user/settings');
    await expect(tess.getByRole('switch', { name: 'E-mail notifications' })).not.toBeChecked();

    // Turning it off unsubscribes this browser on the server too.
    await tess.goto('/user/settings');
    await tess.getByRole('switch', { name: 'Web notifications' }).click();
    await expect(tess.getByRole('switch', { name: 'Web notifications' })).not.toBeChecked();
    await lena.close();
    await context.close();
  });
});
