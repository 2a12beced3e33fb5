import { demoAccounts, registeredState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { apiPost } from '../support/http';
import { saveScreenshot, saveScreenshotsInBothSchemes } from '../support/screenshots';
import { expect, test } from '../support/test';

test.describe('limits that explain themselves', () => {
  test('the fourth discussion of a new account’s first hour says 429 and when to try again', async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await registeredState(server.baseURL, { name: 'Nina Newcomer', displayName: 'Nina' }),
    });
    const page = await context.newPage();
    await page.goto('/discussions');
    for (let n = 1; n <= 3; n++)
      await apiPost(page, 'discussions', { title: `My question number ${n}`, body: 'Thanks.', access_type: 'public' });

    await page.goto('/discussions/create-discussion');
    await page.getByRole('textbox', { name: 'Title' }).fill('My fourth question');
    await page.getByRole('textbox', { name: 'Text' }).fill('One more thing.');
    await page.getByRole('button', { name: 'Publish discussion' }).click();
    const notice = page.getByRole('alert').filter({ hasText: '429 Too Many Requests' });
    await expect(notice).toContainText(/429 Too Many Requests\. Try again in (about )?\d+ (minutes?|hours?), at \d{1,2}:\d{2}/);
    await expectNoSeriousAxeViolations(page, 'the 429 notice');
    await saveScreenshot(page, 'notice-429', { fullPage: false });
    await context.close();
  });
});

test.describe('validation that moves the focus and names the limit', () => {
  test.use({ signedInAs: demoAccounts.leader });

  test('a title of spaces takes the focus with its sentence', async ({ page }) => {
    await page.goto('/discussions/create-discussion');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('     ');
    await page.getByRole('textbox', { name: 'Text' }).fill('What do you think?');
    await page.getByRole('button', { name: 'Publish discussion' }).click();
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(/title/i);
    await expect(title).toBeInViewport();
  });

  test('a 10,000-character search from a link is refused with the limit, not "Something went wrong"', async ({ page }) => {
    await page.goto(`/search?q=${'a'.repeat(10_000)}`);
    const box = page.getByRole('searchbox', { name: 'Search term' });
    await expect(page.getByTestId('search-too-long')).toHaveText(
      'A search can be at most 2,000 characters long; this one has 10,000. Shorten it to search.',
    );
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(/at most 2,000 characters/);
    await expect(box).toBeFocused();
    await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'an over-long search');
    await saveScreenshotsInBothSchemes(page, 'search-too-long', { fullPage: false });

    // Typed, the box does not stop silently at the limit: it says so, and searching resumes once shorter.
    await page.goto('/search');
    await box.fill('fever '.repeat(400));
    await expect(page.getByTestId('search-too-long')).toContainText('at most 2,000 characters');
    await box.fill('fever');
    await expect(page.getByTestId('search-too-long')).toHaveCount(0);
    await expect(page).toHaveURL(/q=fever/);
  });

  test('the search details name each subject heading once, and leave results in view on a phone', async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent('heart attack heart attack heart attack heart attack heart attack')}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Search details', expanded: true })).toBeVisible();
    // The mapping lines read “words” → heading.
    const lines = await page.getByRole('listitem').filter({ hasText: '→' }).allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.filter((line) => line.includes('Myocardial Infarction'))).toHaveLength(1);
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results.first()).toBeInViewport();
  });
});
