import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshotsInBothSchemes } from '../support/screenshots';
import { expect, test } from '../support/test';

test.describe('Wink’s entry', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('has a visible label and an accessible name on every width', async ({ page }) => {
    await page.goto('/discussions');
    for (const [width, label] of [
      [1280, 'Ask Wink'],
      [390, 'Wink'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      const entry = page.getByRole('button', { name: 'Ask Wink, the healthbot' });
      await expect(entry).toBeVisible();
      // What shows: one of the two labels is hidden by width (innerText leaves it out, textContent would not).
      expect(await entry.innerText()).toBe(label);
      await expect(entry).toBeInViewport({ ratio: 1 });
    }
    await expectNoSeriousAxeViolations(page, 'the header with Wink’s entry');
    await saveScreenshotsInBothSchemes(page, 'wink-entry', { fullPage: false });
  });

  test('“nothing found” never links to a search that shows no articles', async ({ page }) => {
    await page.goto('/discussions');
    await page.getByRole('button', { name: 'Ask Wink, the healthbot' }).click();
    const panel = page.getByRole('dialog', { name: 'Wink, the healthbot' });
    await panel.getByRole('textbox', { name: 'Your question' }).fill('qwxzv plorkish frindle');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await expect(panel.getByText('qwxzv plorkish frindle', { exact: true })).toBeVisible();
    await expect(panel.locator('article')).toBeVisible();
    await expect(panel.getByRole('link', { name: /Search the library for/ })).toHaveCount(0);
    const more = panel.getByTestId('wink-search-more');
    if ((await more.count()) > 0 && (await more.getAttribute('href'))?.startsWith('/search')) {
      await more.click();
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByText('No articles match yet')).toHaveCount(0);
    }
  });
});

test.describe('one name per source, and Save shows where it saved', () => {
  test.use({ signedInAs: demoAccounts.leader });

  test('the drawer, its button and the collection name an article’s source the same way', async ({ page }) => {
    await page.goto('/search?q=heart+attack');
    const results = page.getByRole('list', { name: 'Search results' });
    const first = results.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const chip = (await first.locator('.MuiChip-label').first().textContent()) ?? '';
    expect(['PubMed', 'MedlinePlus', 'Wink Health']).toContain(chip);

    const save = first.getByRole('button', { name: /^Save “/ });
    await save.click();
    await page.getByRole('menuitem', { name: /Draft/ }).click();
    await expect(first.getByRole('button', { name: /^Saved to Draft/ })).toHaveText('Saved to Draft');

    await first.getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'Article details' });
    await expect(drawer.locator('.MuiChip-label').first()).toHaveText(chip);
    const readAt = drawer.getByRole('link', { name: /^Read (the original )?at / });
    await expect(readAt).toHaveText(chip === 'Wink Health' ? /^Read the original at / : `Read at ${chip}`);

    const readAtText = (await readAt.textContent()) ?? '';

    await page.goto('/collections/draft');
    await expect(page.getByText('Curated')).toHaveCount(0);
    await expect(page.locator('.MuiChip-label').filter({ hasText: chip }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Read (the original )?at / }).first()).toHaveText(readAtText);
  });
});

test.describe('phone layouts', () => {
  test.use({ signedInAs: demoAccounts.reader });

  test('the account tabs are all in view at 390 px', async ({ page }) => {
    await page.goto('/user/subscription');
    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = page.getByRole('navigation', { name: /sections/i }).getByRole('tab');
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
    await expectNoSeriousAxeViolations(page, 'the account area on a phone');
    await saveScreenshotsInBothSchemes(page, 'user-subscription', { fullPage: false });
  });

  test('on a phone, search details leave two results’ titles above the fold, and the filters unfold from their toggle', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search?q=heart+attack');
    await expect(page.getByRole('button', { name: 'Search details' })).toHaveAttribute('aria-expanded', 'true');
    const titles = page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 });
    for (const n of [0, 1]) await expect(titles.nth(n)).toBeInViewport({ ratio: 1 });
    await saveScreenshotsInBothSchemes(page, 'search-phone-details', { fullPage: false });

    const source = page.getByLabel('Source');
    await expect(source).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(source).toBeVisible();
    await source.selectOption({ index: 1 });
    await expect(page).toHaveURL(/source=/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousAxeViolations(page, 'search on a phone with its filters open');
    await saveScreenshotsInBothSchemes(page, 'search-phone-filters', { fullPage: false });
  });

  test('the notifications page leads to the notification grid', async ({ page }) => {
    await page.goto('/notifications');
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/user\/settings#notification-grid$/);
    const grid = page.getByRole('table');
    await expect(grid).toBeInViewport();
    await expectNoSeriousAxeViolations(page, 'the settings with the grid');
    await saveScreenshotsInBothSchemes(page, 'settings-grid');
    await page.goto('/notifications');
    await saveScreenshotsInBothSchemes(page, 'notifications');
  });
});
