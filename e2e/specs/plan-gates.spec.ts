import { demoAccounts, signedInState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { demoDiscussionPath } from '../support/http';
import { saveScreenshot, saveScreenshotsInBothSchemes } from '../support/screenshots';
import { expect, test } from '../support/test';

const expired = { email: 'expired@demo.health', password: 'demo-password-1' };
const PUBLIC_DISCUSSION = 'Questions to ask at my first diabetes appointment';

test.describe('a person whose trial ended', () => {
  test.use({ signedInAs: expired });

  test('opens a public discussion and reads that reading needs a plan, when the trial ended, and the plans', async ({
    page,
    browser,
    server,
  }) => {
    await page.goto('/discussions');
    await expect(page.getByTestId('plan-required')).toBeVisible();
    // The discussion's address as someone who may read it knows it.
    const lena = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await signedInState(server.baseURL, demoAccounts.leader),
    });
    const path = await demoDiscussionPath(await lena.newPage(), PUBLIC_DISCUSSION);
    await lena.close();

    await page.goto(path);
    const panel = page.getByTestId('plan-required');
    await expect(panel.getByRole('heading', { name: 'Reading this needs a plan' })).toBeVisible();
    await expect(panel.getByTestId('trial-ended-note')).toContainText(/Your trial ended on \w+ \d+, \d{4}/);
    await expect(panel.getByTestId('plan-allows')).toContainText('Without a plan you can:');
    const plans = panel.getByRole('list', { name: 'Subscription plans' });
    await expect(plans.getByRole('heading', { level: 3 })).toHaveText(['Reader', 'Leader']);
    await expect(page.getByText(/does not exist/)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'a discussion behind the plan gate');
    await saveScreenshotsInBothSchemes(page, 'plan-gate-discussion');
  });

  test('the discussions list shows the plans, never "could not be loaded"', async ({ page }) => {
    await page.goto('/discussions');
    await expect(page.getByTestId('plan-required').getByRole('heading', { name: 'Reading this needs a plan' })).toBeVisible();
    await expect(page.getByText('The discussions could not be loaded')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Subscription plans' }).getByRole('article')).toHaveCount(2);
    await expectNoSeriousAxeViolations(page, 'the discussions list behind the plan gate');
    await saveScreenshotsInBothSchemes(page, 'plan-gate-discussions');
  });
});

test.describe('a reader, who may read but not write', () => {
  test.use({ signedInAs: demoAccounts.reader });

  test('"Start a discussion" offers the Leader plan before the form, and the form page itself does too', async ({ page }) => {
    await page.goto('/discussions');
    await page.getByRole('link', { name: 'Start a discussion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Leader' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Subscription plans' }).getByRole('heading', { level: 3 })).toHaveText(['Leader']);
    await expect(page).toHaveURL(/\/discussions$/);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);

    // The plan dialog is whole at 1280x800: its last line (the payment badge) can be reached and is not cut.
    const box = await dialog.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    const badge = dialog.getByText('Powered by');
    await badge.scrollIntoViewIfNeeded();
    await expect(badge).toBeInViewport({ ratio: 1 });
    await expectNoSeriousAxeViolations(page, 'the plan dialog for writing');
    await saveScreenshot(page, 'plan-dialog-leader', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto('/discussions/create-discussion');
    await expect(page.getByRole('heading', { name: 'Writing needs the Leader plan' })).toBeVisible();
    await expect(page.getByTestId('plan-allows')).toContainText('Your Reader plan:');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'the create page for a reader');
    await saveScreenshotsInBothSchemes(page, 'plan-gate-create');
  });

  test('a discussion offers the Leader plan in place of the comment box', async ({ page }) => {
    await page.goto(await demoDiscussionPath(page, PUBLIC_DISCUSSION));
    const gate = page.getByTestId('write-gate');
    await expect(gate).toContainText('Commenting and replying are part of the Leader plan.');
    await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
    await gate.getByRole('button', { name: 'See the Leader plan' }).click();
    await expect(page.getByRole('dialog', { name: 'Upgrade to Leader' })).toBeVisible();
  });
});
