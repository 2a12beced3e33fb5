import type { Locator, Page } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { expect, test } from '../support/test';

/**
 * What a person does before React has taken over the server's page is not lost (docs/design.md, "First view from the server"):
 * on a slow phone the HTML paints seconds before the app's scripts run. The page's inline script
 * (apps/web/src/ssr/before-hydration-script.ts) records edits, holds back clicks and submits, and the
 * client entry replays them once hydrated (ssr/replay-before-hydration.ts). Here the app's scripts are
 * held back until the test has typed, as a slow network would.
 */

// These tests load pages before React is live on purpose.
test.use({ waitForReact: false });

/** Holds every script of the app back until `release()` (the HTML and its inline script come through). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has taken the element over (its props are on it). */
const isLive = (locator: Locator) => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));

/** The inline script runs under the CSP (by its hash): a refusal would show in the console. */
function watchPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test.describe('a signed-in person on a slow connection', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('searches before the page is live: the term, the Enter and the caret survive hydration', async ({ page }) => {
    const refused = watchPolicy(page);
    const release = await holdScripts(page);
    // 'commit': the load event waits for the module scripts, which are held.
    await page.goto('/search', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search term' });
    await expect(box).toBeVisible();
    expect(await isLive(box)).toBe(false);

    await box.pressSequentially('heart attack');
    // The caret moved back into the word before pressing Enter: it stays there.
    await box.press('ArrowLeft');
    await box.press('ArrowLeft');
    await box.press('Enter');
    // Held back: no reload, no navigation.
    await expect(page).toHaveURL(/\/search$/);

    release();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button', { name: 'Heart attack: the warning signs and what to do', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=heart(\+|%20)attack/);
    await expect(box).toHaveValue('heart attack');
    await expect(box).toBeFocused();
    expect(await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([10, 10]);
    expect(refused).toEqual([]);
  });
});

test.describe('a guest on a slow connection', () => {
  test('signs in before the page is live: the address typed and Continue clicked are replayed', async ({ page }) => {
    const refused = watchPolicy(page);
    const release = await holdScripts(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    const email = page.getByRole('textbox', { name: 'E-mail address' });
    await expect(email).toBeVisible();
    expect(await isLive(email)).toBe(false);

    await email.fill(demoAccounts.leader.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    release();
    // Step two, for the address typed before the page was live.
    await expect(page.getByText('Signing in as')).toBeVisible();
    await expect(page.getByText(demoAccounts.leader.email, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoAccounts.leader.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect((await page.request.get('/api/user', { headers: { Accept: 'application/json' } })).status()).toBe(200);
    expect(refused).toEqual([]);
  });
});

test.describe('a person whose system is in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('gets the page dark from the first paint, before the scripts run, and it stays dark once hydrated', async ({ page }) => {
    const refused = watchPolicy(page);
    const release = await holdScripts(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // The dark scheme's background.default (apps/web/src/app/theme.ts, #0b1413).
    expect(await background()).toBe('rgb(11, 20, 19)');
    await page.screenshot({ path: test.info().outputPath('sign-in-dark-before-hydration.png') });

    release();
    const email = page.getByRole('textbox', { name: 'E-mail address' });
    await expect.poll(() => isLive(email)).toBe(true);
    expect(await background()).toBe('rgb(11, 20, 19)');
    expect(refused).toEqual([]);
  });

  test('a saved choice of the light theme wins over the system before hydration too', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('mui-mode', 'light'));
    const release = await holdScripts(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 248, 247)');
    release();
    await expect.poll(() => isLive(page.getByRole('textbox', { name: 'E-mail address' }))).toBe(true);
  });
});
