import type { Page } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { expect, test } from '../support/test';

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/search');
}

test.describe('a guest', () => {
  test('opening a sign-in-required page is sent to sign in, with the page to come back to', async ({ page }) => {
    await page.goto('/discussions');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdiscussions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // The query travels with the path.
    await page.goto('/search?q=asthma');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsearch%3Fq%3Dasthma$/);
  });

  test('opening the root is sent to sign in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2F(search)?$/);
  });

  test('opening an unknown path sees the not-found page, not a redirect', async ({ page }) => {
    await page.goto('/no/such/page');
    await expectNotFound(page);
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });

  test('opening a shared collection gets the auth-aware layout with ways in that lead back, not sign-in', async ({ page }) => {
    await page.goto('/shared/whatever');
    await expect(page.getByRole('heading', { level: 1, name: 'This shared link does not work' })).toBeVisible();
    await expect(page).toHaveURL(/\/shared\/whatever$/);
    const back = `?redirect=${encodeURIComponent('/shared/whatever')}`;
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in${back}`);
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', `/register${back}`);
    // No signed-in chrome for a guest.
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });
});

test.describe('a signed-in person', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('opening sign-in or register is sent home', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeVisible();

    await page.goto('/register');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeVisible();
  });

  test('opening the root lands home, keeping the query', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeVisible();

    await page.goto('/?q=asthma');
    await expect(page).toHaveURL(/\/search\?q=asthma$/);
    await expect(page.getByRole('searchbox', { name: 'Search term' })).toHaveValue('asthma');
  });

  test('opening /user lands on the account page, and a profile on its discussions', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/account$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-current', 'page');

    const me = (await (await page.request.get('/api/user', { headers: { Accept: 'application/json' } })).json()) as {
      data: { sid: string };
    };
    await page.goto(`/user-profile/${me.data.sid}`);
    await expect(page).toHaveURL(new RegExp(`/user-profile/${me.data.sid}/discussions$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Tess' })).toBeVisible();
  });

  test('opening an unknown path sees the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expectNotFound(page);
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });

  test('opening a shared collection gets the signed-in chrome', async ({ page }) => {
    await page.goto('/shared/whatever');
    await expect(page.getByRole('heading', { level: 1, name: 'This shared link does not work' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });

  test('Back on a page opened directly goes to its fallback; after navigating, it goes back', async ({ page }) => {
    await page.goto('/discussions/create-discussion');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/discussions$/);

    await page.getByRole('link', { name: 'Collections' }).first().click();
    await expect(page).toHaveURL(/\/collections$/);
    await page.getByRole('link', { name: 'Open your draft' }).click();
    await expect(page).toHaveURL(/\/collections\/draft$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/collections$/);
  });
});
