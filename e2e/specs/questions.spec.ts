import type { Page } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

async function searchFor(page: Page, words: string) {
  const box = page.getByRole('searchbox', { name: 'Search term' });
  await box.fill(words);
  await box.press('Enter');
}

async function screenshots(page: Page, name: string, fullPage = true) {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportFor(width));
    await saveScreenshot(page, name, { fullPage });
  }
  await page.setViewportSize(viewportFor(WIDTHS[0]));
}

test.describe('questions as people type them', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('a question finds the page it needs first, though no page holds its every word', async ({ page }) => {
    await page.goto('/search');
    await searchFor(page, 'what helps period cramps');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('listitem').first()).toContainText('Period pain');
    await expect(page.getByText('“period cramps” → Dysmenorrhea')).toBeVisible();

    await searchFor(page, 'heart attack symptoms');
    await expect(results.getByRole('listitem').first()).toContainText('Heart attack: the warning signs and what to do');
    await expectNoSeriousAxeViolations(page, 'a question’s results');
    await screenshots(page, 'question-results', false);
  });

  test('an empty page says which words found nothing and leads to the nearest topic with articles', async ({ page }) => {
    await page.goto('/search');
    await searchFor(page, 'cardiomyo');
    await expect(page.getByRole('heading', { name: 'No articles match yet' })).toBeVisible();
    await expect(page.getByText(/Nothing in our articles matched “cardiomyo”\. The nearest topic with articles is .+\./)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'an empty but helpful search page');
    await screenshots(page, 'question-empty-helpful');

    await page.getByRole('button', { name: /^Search (?!details)/ }).click();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  });

  test('Wink quotes the passage that answers the question', async ({ page }) => {
    await page.goto('/search');
    await page.getByRole('button', { name: 'Wink, the healthbot' }).click();
    const panel = page.getByRole('dialog', { name: 'Wink, the healthbot' });
    await panel.getByRole('textbox', { name: 'Your question' }).fill('how to treat a migraine');
    await panel.getByRole('button', { name: 'Ask' }).click();
    const sources = panel.getByRole('region', { name: 'Sources' });
    await expect(sources.getByRole('link', { name: 'Migraine: more than a bad headache' })).toBeVisible();
    await expect(panel.getByText(/Treatments for attacks include simple painkillers/).first()).toBeVisible();
    await screenshots(page, 'question-wink', false);
  });
});
