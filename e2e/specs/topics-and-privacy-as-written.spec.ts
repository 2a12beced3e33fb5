import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, saveScreenshotsAtWidths, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

/** Issue 30, parts 4 and 5: topics people recognise, and the privacy guard on details written casually. */
test.describe('topics and the privacy guard, as people write', () => {
  test.use({ signedInAs: demoAccounts.leader });

  test('an everyday question gets no topic; the picker offers Migraine Disorders once, with the words that matched', async ({ page }) => {
    test.slow(); // a discussion published, the picker, and screenshots at two widths
    await page.goto('/discussions/create-discussion');
    await page.getByRole('textbox', { name: 'Title' }).fill('Does anyone else feel sleepy after lunch?');
    await page.getByRole('textbox', { name: 'Text' }).fill('Every day around 2pm I can barely keep my eyes open at work.');
    await page.getByRole('button', { name: 'Publish discussion' }).click();
    // Publishing reads the title and text for topics first; on a busy machine that outlasts the default wait.
    await expect(page.getByRole('heading', { level: 1, name: 'Does anyone else feel sleepy after lunch?' })).toBeVisible({
      timeout: 30_000,
    });
    // Nothing tagged rather than Lunch, Work or Eye.
    await expect(page.getByRole('list', { name: 'Topics' })).toHaveCount(0);

    await page.goto('/discussions/create-discussion');
    const picker = page.getByRole('combobox', { name: 'Add a topic (MeSH)' });
    await picker.click();
    await picker.pressSequentially('sick head');
    const options = page.getByRole('listbox').getByRole('option');
    // Migraine Disorders is found under its entry term Sick Headache: one row, named by the descriptor, the words that matched beside it.
    await expect(options.filter({ hasText: 'Migraine Disorders' })).toHaveCount(1);
    await expect(options.filter({ hasText: 'Migraine Disorders' })).toContainText('matches “Sick Headache”');
    await picker.fill('');
    await picker.pressSequentially('migraine');
    // Under "Migraine", "Migraines", "Migraine Headache"…, still one row.
    await expect(options.filter({ hasText: 'Migraine Disorders' })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, 'topic picker');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'topic-picker', { fullPage: false });
    }
    await options.filter({ hasText: 'Migraine Disorders' }).click();
    await expect(page.getByRole('button', { name: 'Remove the topic Migraine Disorders' })).toBeVisible();
  });

  test('a topic page reads its other names in natural word order, each once', async ({ page }) => {
    await page.goto('/topics/D008881');
    await expect(page.getByRole('heading', { level: 1, name: 'Migraine' })).toBeVisible();
    const alsoCalled = page.getByText(/^Also called:/);
    await expect(alsoCalled).toContainText('Migraine Headache');
    await expect(alsoCalled).not.toContainText('Migraine Headaches');
    await expect(alsoCalled).not.toContainText('Headache, Migraine');
    await saveScreenshotsAtWidths(page, 'topic-page-names');
  });

  test('the guard warns about a name in lower case and an e-mail address typed with spaces', async ({ page }) => {
    await page.goto('/discussions');
    await page.getByRole('link', { name: 'Home blood pressure readings: morning or evening?' }).click();
    await page
      .getByRole('textbox', { name: 'Your comment' })
      .fill('my husband john smith checks his in the morning, write to us at john.smith @ example.com if it helps');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post anyway?' });
    await expect(dialog.getByRole('heading', { name: 'Full name' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'E-mail address' })).toBeVisible();
    // The dialog lists details kind by kind: e-mail addresses before names.
    await expect(dialog.locator('mark')).toHaveText(['john.smith @ example.com', 'john smith']);
    await saveScreenshotsAtWidths(page, 'privacy-guard-casual', { fullPage: false });
  });
});
