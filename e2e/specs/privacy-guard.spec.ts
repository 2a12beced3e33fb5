import type { Page, Request } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

const PUBLIC_DISCUSSION = 'Home blood pressure readings: morning or evening?';
const PHONE = '07700 900123';

/** Every request that carried the phone number anywhere: the check itself must send none. */
function watchForPhoneNumber(page: Page): Request[] {
  const leaks: Request[] = [];
  page.on('request', (request) => {
    const sent = `${request.url()} ${request.postData() ?? ''}`;
    if (sent.includes('07700') && sent.includes('900123')) leaks.push(request);
  });
  return leaks;
}

async function openPublicDiscussion(page: Page) {
  await page.goto('/discussions');
  await page.getByRole('link', { name: PUBLIC_DISCUSSION }).click();
  await expect(page.getByRole('heading', { level: 1, name: PUBLIC_DISCUSSION })).toBeVisible();
}

const comment = (page: Page, author: string) => page.getByRole('article', { name: `Comment by ${author}` });

test.describe('the privacy guard before posting', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('a person posting a phone number in a public discussion is warned, edits it out, then posts one anyway', async ({ page }) => {
    const leaks = watchForPhoneNumber(page);
    await openPublicDiscussion(page);
    const box = page.getByRole('textbox', { name: 'Your comment' });

    await box.fill(`I log mine in a spreadsheet, happy to share it: text me on ${PHONE} and I will send it.`);
    await page.getByRole('button', { name: 'Post comment' }).click();

    const dialog = page.getByRole('dialog', { name: 'Post anyway?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Phone number' })).toBeVisible();
    await expect(dialog.getByText('Anyone reading could call or text you, or look the number up.')).toBeVisible();
    await expect(dialog.locator('mark')).toHaveText(PHONE);
    await expect(dialog.getByRole('button', { name: 'Edit' })).toBeFocused();
    expect(leaks, 'the check sends nothing').toEqual([]);
    await expectNoSeriousAxeViolations(page, 'the privacy guard dialog');
    await saveScreenshotsAtWidths(page, 'privacy-guard-dialog', { fullPage: false });

    // Edit: back in the box with the number selected; typing replaces it.
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog).toBeHidden();
    await expect(box).toBeFocused();
    expect(await box.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd))).toBe(PHONE);
    await page.keyboard.type('me a message here');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(comment(page, 'Tess').filter({ hasText: 'text me on me a message here and I will send it' })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(leaks).toEqual([]);

    // Post anyway: the person decides, and the comment goes out as written.
    await box.fill(`Or call ${PHONE} after six.`);
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Post anyway' }).click();
    await expect(comment(page, 'Tess').filter({ hasText: `Or call ${PHONE} after six.` })).toBeVisible();
    expect(leaks.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toContainEqual(
      expect.stringMatching(/^POST \/api\/discussions\/[^/]+\/comments$/),
    );
  });

  test('doses, lab values and appointment dates go out without a warning', async ({ page }) => {
    await openPublicDiscussion(page);

    await page
      .getByRole('textbox', { name: 'Your comment' })
      .fill('BP 128/82 this morning, HbA1c 48 mmol/mol, amlodipine 5 mg. Review on 12/03 at 10:30, see PMID 31452104.');
    await page.getByRole('button', { name: 'Post comment' }).click();

    await expect(comment(page, 'Tess').filter({ hasText: 'Review on 12/03 at 10:30' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
