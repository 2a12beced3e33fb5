import type { Page } from '@playwright/test';
import { demoAccounts, signedInState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Wink, the healthbot' });

async function openWink(page: Page) {
  await page.getByRole('button', { name: 'Wink, the healthbot' }).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  return panel;
}

/** Records the length of the growing answer on every change, to see it arrive in pieces rather than at once. */
async function recordAnswerGrowth(page: Page) {
  await page.evaluate(() => {
    const lengths: number[] = [];
    (window as unknown as { answerLengths: number[] }).answerLengths = lengths;
    new MutationObserver(() => {
      const streaming = document.querySelector('[data-streaming="true"]');
      if (streaming) lengths.push(streaming.textContent?.length ?? 0);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { answerLengths: number[] }).answerLengths);
}

test.describe('Wink, the healthbot', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('a newcomer asks about a common condition, watches the cited answer stream in, and opens a citation in the search drawer', async ({
    page,
  }) => {
    await page.goto('/discussions');
    const panel = await openWink(page);
    const growth = await recordAnswerGrowth(page);

    await panel.getByRole('textbox', { name: 'Your question' }).fill('What is asthma?');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await expect(panel.getByText('What is asthma?', { exact: true })).toBeVisible();

    // The answer grows piece by piece, then settles with its sources listed.
    const sources = panel.getByRole('region', { name: 'Sources' });
    await expect(sources).toBeVisible();
    // Two different partial lengths already prove pieces arrived apart; a busy machine may paint
    // several 10 ms pieces in one frame, so more than two is not something a person is promised.
    const lengths = await growth();
    expect(new Set(lengths.filter((n) => n > 0)).size).toBeGreaterThanOrEqual(2);
    await expect(panel.getByText(/Asthma is a long-term condition in which the airways/)).toBeVisible();
    await expect(panel.getByText(/not medical advice/).first()).toBeVisible();
    await expect(sources.getByRole('link', { name: 'Asthma: what happens in your airways' })).toBeVisible();

    await expectNoSeriousAxeViolations(page, 'Wink’s panel with an answer');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'healthbot-panel', { fullPage: false });
    }
    await page.setViewportSize(viewportFor(WIDTHS[0]));

    // [1] opens its article in the search page's drawer.
    await panel.getByRole('link', { name: 'Source 1: Asthma: what happens in your airways' }).first().click();
    await expect(page).toHaveURL(/\/search\?.*sri_id=[^&]+.*mo=1/);
    const drawer = page.getByRole('dialog', { name: 'Article details' });
    await expect(drawer.getByRole('heading', { name: 'Asthma: what happens in your airways' })).toBeVisible();

    // The conversation is kept: back in the panel, and in the list of past conversations.
    await page.keyboard.press('Escape');
    await openWink(page);
    await expect(panelOf(page).getByText('What is asthma?', { exact: true })).toBeVisible();
    await panelOf(page).getByRole('button', { name: 'Past conversations' }).click();
    await expect(panelOf(page).getByRole('button', { name: /^What is asthma\? Last message/ })).toBeVisible();
  });

  test('an emergency gets the emergency answer first', async ({ page }) => {
    await page.goto('/search');
    const panel = await openWink(page);
    await panel.getByRole('textbox', { name: 'Your question' }).fill('My dad has crushing chest pain and is sweating');
    await panel.getByRole('textbox', { name: 'Your question' }).press('Enter');
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('Get help now');
    await expect(alert).toContainText('Call your local emergency number now');
    await saveScreenshot(page, 'healthbot-emergency', { fullPage: false });
  });

  test('saves the cited articles to the draft collection, starts a discussion from the answer, and deletes conversations', async ({
    page,
  }) => {
    await page.goto('/search');
    const panel = await openWink(page);
    await panel.getByRole('button', { name: 'What helps with hay fever?' }).click();
    await panel.getByRole('button', { name: 'Save cited articles to my draft collection' }).click();
    await expect(page.getByText(/^Saved \d+ articles? to your draft collection\.$/)).toBeVisible();

    await panel.getByRole('button', { name: 'Start a discussion from this answer' }).click();
    await expect(page).toHaveURL(/\/discussions\/create-discussion\?/);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('What helps with hay fever?');
    await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue(/I asked Wink, the healthbot/);

    await page.goto('/collections/draft');
    await expect(page.getByText('Hay fever and allergic rhinitis').first()).toBeVisible();

    const again = await openWink(page);
    await again.getByRole('button', { name: 'Past conversations' }).click();
    await again.getByRole('button', { name: 'Delete all conversations' }).click();
    await page.getByRole('dialog', { name: 'Delete all conversations?' }).getByRole('button', { name: 'Delete all conversations' }).click();
    await expect(again.getByText(/No conversations yet/)).toBeVisible();
  });
});

test.describe('Wink without a reading plan', () => {
  test('the button opens the subscription dialog instead', async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await signedInState(server.baseURL, { email: 'expired@demo.health', password: demoAccounts.trial.password }),
    });
    const page = await context.newPage();
    await page.goto('/search');
    await page.getByRole('button', { name: 'Wink, the healthbot' }).click();
    await expect(page.getByRole('dialog', { name: /plan/i })).toBeVisible();
    await expect(panelOf(page)).toHaveCount(0);
    await context.close();
  });
});
