import type { Locator, Page } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

// page.route must see the app's requests; a service worker in between would hide them.
test.use({ signedInAs: demoAccounts.trial, serviceWorkers: 'block' });

const BLOCKED_USERS_API = '**/api/user/blocked-users*';

/** Seconds left on the maintenance dialog's button; 0 once it reads plain 'Try again'. */
async function secondsLeft(button: Locator): Promise<number> {
  const match = /^Try again in (\d+) seconds?$/.exec((await button.textContent())?.trim() ?? '');
  return match ? Number(match[1]) : 0;
}

/** Opens the blocked-users page from the user menu: a navigation within the app that asks the API. */
async function openBlockedUsersFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Blocked users' }).click();
}

async function openSearch(page: Page) {
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeVisible();
}

test.describe('maintenance', () => {
  test('npm run down shows the countdown dialog on the next request; after up, the button brings the page back', async ({
    page,
    server,
  }) => {
    await openSearch(page);

    const down = await server.cli(['down', '--retry=5']);
    expect(down.code, down.stdout + down.stderr).toBe(0);
    try {
      // Running servers pick up the CLI's change within 2 s.
      await expect.poll(async () => (await page.request.get('/api/')).status(), { timeout: 5_000, intervals: [100] }).toBe(503);

      await openBlockedUsersFromMenu(page);
      const dialog = page.getByRole('alertdialog', { name: 'Down for maintenance' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('We are improving the service and will be back shortly.');
      const button = dialog.getByRole('button', { name: /^Try again/ });
      await expect(button).toBeDisabled();
      await expect(button).toHaveText(/^Try again in [1-5] seconds?$/);
      // It counts down, once a second.
      const first = await secondsLeft(button);
      await expect.poll(() => secondsLeft(button), { timeout: 3_000 }).toBeLessThan(first);
      await saveScreenshotsAtWidths(page, 'dialog-maintenance', { fullPage: false });

      // Persistent: Escape does not close it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
    } finally {
      const up = await server.cli(['up']);
      expect(up.code, up.stdout + up.stderr).toBe(0);
    }
    await expect.poll(async () => (await page.request.get('/api/')).status(), { timeout: 5_000, intervals: [100] }).toBe(200);

    const dialog = page.getByRole('alertdialog', { name: 'Down for maintenance' });
    const button = dialog.getByRole('button', { name: /^Try again/ });
    await expect(button).toHaveText('Try again');
    await expect(button).toBeEnabled();
    await expect(dialog.getByRole('status')).toHaveText('You can try again now.');
    await button.click();

    await expect(dialog).toHaveCount(0);
    // The request that failed is asked again, and the page shows its answer.
    await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
    await page.getByRole('link', { name: 'Collections' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  });
});

test.describe('offline', () => {
  test('going offline shows the warning that cannot be dismissed; coming back online closes it', async ({ page, context }) => {
    await openSearch(page);

    await context.setOffline(true);
    const dialog = page.getByRole('alertdialog', { name: 'You are offline' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      'Your device has lost its internet connection. Check your Wi-Fi or mobile data; this message closes by itself as soon as you are back online.',
    );

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await saveScreenshotsAtWidths(page, 'dialog-offline', { fullPage: false });

    await context.setOffline(false);
    await expect(dialog).toHaveCount(0);
    // The page underneath is usable again.
    await page.getByRole('link', { name: 'Discussions' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Discussions' })).toBeVisible();
  });
});

test.describe('an expired session (419)', () => {
  test('a write refused with 419 shows the persistent session notice, whose Reload reloads the page', async ({ page, context, server }) => {
    await page.goto('/user/settings');
    const newsletter = page.getByRole('switch', { name: 'Newsletter' });
    await expect(newsletter).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('authStatus'))).toBe('true');

    // A token that no longer matches the session: the server refuses the next write with 419.
    await context.addCookies([{ name: 'XSRF-TOKEN', value: 'no-longer-valid', url: server.baseURL }]);
    await page.evaluate(() => Object.assign(window, { e2eBeforeReload: true }));

    const refused = page.waitForResponse(
      (response) => response.url().includes('/api/user/settings') && response.request().method() === 'POST',
    );
    await newsletter.click();
    expect((await refused).status()).toBe(419);

    const notice = page.getByRole('alert').filter({ hasText: 'Your session has expired. Please reload your page and try again.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
    // The stored value the 419 clears (docs/data.md).
    expect(await page.evaluate(() => sessionStorage.getItem('authStatus'))).toBeNull();
    await saveScreenshotsAtWidths(page, 'notice-session-expired', { fullPage: false });

    // Escape and a click elsewhere leave it where it is.
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 2, name: 'Settings' }).click();
    await expect(notice).toBeVisible();

    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => 'e2eBeforeReload' in window)).toBe(false);
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(page.getByRole('switch', { name: 'Newsletter' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('request failures', () => {
  test('a request that gets no answer shows NETWORK ERROR; Try again asks again', async ({ page }) => {
    await page.route(BLOCKED_USERS_API, (route) => route.abort('internetdisconnected'));
    await openSearch(page);
    await openBlockedUsersFromMenu(page);

    const dialog = page.getByRole('alertdialog', { name: 'NETWORK ERROR' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      'We cannot connect to the server right now. Please be patient while the connection comes back, then try again. Thank you for waiting.',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await saveScreenshotsAtWidths(page, 'dialog-network-error', { fullPage: false });

    await page.unroute(BLOCKED_USERS_API);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
  });

  test('a 500 answer shows the API Error dialog with the status; it can be closed', async ({ page }) => {
    await page.route(BLOCKED_USERS_API, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
    );
    // Navigated to in the app: a full load of the page would bring its list rendered by the server.
    await openSearch(page);
    await openBlockedUsersFromMenu(page);

    const dialog = page.getByRole('alertdialog', { name: 'API Error' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('An error occurred on the API request.');
    await expect(dialog).toContainText('Status: 500 Internal Server Error');
    await expect(dialog).toContainText('Please reload the page and try again.');
    await saveScreenshotsAtWidths(page, 'dialog-api-error', { fullPage: false });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a 404 answer shows a negative notice with the status code and text', async ({ page }) => {
    await page.route(BLOCKED_USERS_API, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Not Found.' }) }),
    );
    await openSearch(page);
    await openBlockedUsersFromMenu(page);
    await expect(page.getByRole('alert').filter({ hasText: '404 Not Found' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
