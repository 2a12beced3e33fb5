import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/test';

/** What the two storages hold, as plain objects. */
function storages(page: Page) {
  return page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
}

/** Keys that describe the device rather than the person, and so survive a sign-out (lib/session.ts). */
const DEVICE_KEYS = ['mui-mode', 'mui-color-scheme-light', 'mui-color-scheme-dark'];

test.describe('register, sign out, sign in', () => {
  test('a new account lands home; sign-out forgets it; two-step sign-in returns to the page first asked for', async ({ page }) => {
    const email = uniqueEmail('register');
    const password = 'correct horse battery staple';

    // Register through the form.
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full name' }).fill('Erin Example');
    await page.getByRole('textbox', { name: 'Display name' }).fill('Erin');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Repeat the password' }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Home is the search page.
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeVisible();
    expect((await storages(page)).session.authStatus).toBe('true');

    // Leave something of our own in both storages: sign-out must take it away too.
    await page.evaluate(() => {
      localStorage.setItem('e2e-left-behind', 'yes');
      sessionStorage.setItem('e2e-left-behind', 'yes');
    });

    // Sign out through the user menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText(email);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    const after = await storages(page);
    // Session storage keeps only the signed-out flag (docs/data.md: authStatus true/false); local storage
    // only the device's theme keys.
    expect(after.session).toEqual({ authStatus: 'false' });
    expect(Object.keys(after.local).filter((key) => !DEVICE_KEYS.includes(key))).toEqual([]);
    // The session and XSRF cookies are gone, and the server no longer knows this browser.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
    const me = await page.request.get('/api/user', { headers: { Accept: 'application/json' } });
    expect(me.status()).toBe(401);

    // A protected deep link sends the guest to sign in, carrying the way back.
    await page.goto('/collections');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcollections$/);

    // Step one: the address.
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step two: the password, for the address just checked.
    await expect(page.getByText('Signing in as')).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    expect((await storages(page)).session.authStatus).toBe('true');
    expect((await page.request.get('/api/user', { headers: { Accept: 'application/json' } })).status()).toBe(200);
  });

  test('an address without an account is offered registration, keeping the way back', async ({ page }) => {
    const email = uniqueEmail('unknown');
    await page.goto('/discussions');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdiscussions$/);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('No account uses this address')).toBeVisible();
  });
});
