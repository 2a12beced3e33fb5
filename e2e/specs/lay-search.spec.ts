import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

test.describe('search in everyday words', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('an everyday name maps and says so; a typo is corrected at once, and "Search instead" searches it as typed', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search term' });
    await box.fill('the runs');
    await box.press('Enter');
    await expect(page.getByText('“the runs” → Diarrhea')).toBeVisible();
    await expect(page.getByText('(matched the everyday name “the runs”)')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();

    await box.fill('pnuemonia');
    await box.press('Enter');
    const correction = page.getByTestId('search-correction');
    await expect(correction).toHaveText(/Showing results for pneumonia\s*·\s*Search instead for pnuemonia/);
    await expect(page.getByText('“pneumonia” → Pneumonia')).toBeVisible();
    await expect(page.getByText('(corrected from “pnuemonia”)')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'search with a spelling correction applied');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'search-correction', { fullPage: false });
    }
    await page.setViewportSize(viewportFor(WIDTHS[0]));

    await correction.getByRole('button', { name: 'pnuemonia' }).click();
    await expect(page).toHaveURL(/[?&]vb=1/);
    await expect(page.getByTestId('search-correction')).toBeHidden();
    await expect(page.getByText('No subject headings matched; the search used your words as written.')).toBeVisible();
  });
});
