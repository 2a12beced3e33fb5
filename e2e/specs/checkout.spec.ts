import type { Page } from '@playwright/test';
import { demoAccounts, registeredState, signedInState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

const DISCUSSION = 'Home blood pressure readings: morning or evening?';
const comment = (page: Page, author: string) => page.getByRole('article', { name: `Comment by ${author}` });

test.describe('buying a plan through the built-in test checkout (no Stripe key)', () => {
  test.use({ signedInAs: demoAccounts.reader });

  test('a reader buys the leader plan from the upgrade dialog and can comment at once', async ({ page }) => {
    await page.goto('/discussions');
    await page.getByRole('link', { name: DISCUSSION }).click();
    // The discussion page is open (not just asked for) before its address is read.
    await expect(page.getByRole('heading', { level: 1, name: DISCUSSION })).toBeVisible();
    const discussionPath = new URL(page.url()).pathname;

    // Writing needs the leader plan: it is offered in place of the comment box, before anything is typed.
    await expect(page.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
    await page.getByRole('button', { name: 'See the Leader plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Leader' });
    await dialog.getByRole('article', { name: 'Leader', exact: true }).getByRole('link', { name: 'Subscribe' }).click();

    // The test checkout says loudly what it is.
    await expect(page).toHaveURL(/\/api\/subscription\/test-checkout\/cs_test_\w+$/);
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Leader' })).toBeVisible();
    await expect(page.getByText('$9.99/month', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the test checkout');
    await saveScreenshotsAtWidths(page, 'test-checkout');

    await page.getByRole('button', { name: 'Pay $9.99/month (test)' }).click();

    // Back on the discussion the purchase started from, now able to write.
    await expect(page).toHaveURL(discussionPath);
    await expect(page.getByRole('heading', { level: 1, name: DISCUSSION })).toBeVisible();
    await page.getByRole('textbox', { name: 'Your comment' }).fill('I measure after breakfast, sitting down.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(comment(page, 'Rafael')).toContainText('I measure after breakfast, sitting down.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('someone on trial buys from the subscription page; the test billing portal cancels at the period end', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await registeredState(server.baseURL, { name: 'Tom Trial', displayName: 'Tom' }),
    });
    const page = await context.newPage();
    await page.goto('/user/subscription');
    await page.getByRole('article', { name: 'Leader', exact: true }).getByRole('link', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Pay $9.99/month (test)' }).click();

    await expect(page).toHaveURL(/\/user\/subscription$/);
    await expect(page.getByTestId('current-plan')).toHaveText('Leader');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('Test mode')).toBeVisible();
    await expect(billing.getByText(/^Renews on /)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the subscription page with billing');
    await saveScreenshotsAtWidths(page, 'subscription-billing');

    await billing.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/api\/subscription\/test-portal$/);
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the test billing portal');
    await saveScreenshotsAtWidths(page, 'test-portal');
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();

    await expect(page).toHaveURL(/\/user\/subscription$/);
    await expect(page.getByRole('region', { name: 'Billing' }).getByText(/^Cancelled: you keep your plan until /)).toBeVisible();
    // Still a leader until then.
    await expect(page.getByTestId('current-plan')).toHaveText('Leader');
    await context.close();
  });
});

test.describe('the end of the trial', () => {
  test('three days before it ends, every page carries the notice until it is dismissed', async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await registeredState(server.baseURL, { name: 'Nina Notice', displayName: 'Nina' }),
    });
    const page = await context.newPage();
    // A new trial lasts 14 days: the browser's clock moves to day 12, two days before the end.
    await page.clock.install({ time: new Date(Date.now() + 12 * 86_400_000) });
    await page.goto('/discussions');
    const notice = page.getByTestId('trial-ending-notice');
    await expect(notice).toContainText('Your trial ends on');
    await expect(notice).toContainText('everything you made is kept');
    await expectNoSeriousAxeViolations(page, 'the trial-ending notice');
    await saveScreenshotsAtWidths(page, 'trial-ending-notice', { fullPage: false });

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('trial-ending-notice')).toHaveCount(0);
    await context.close();
  });

  test('after it, without a plan, the subscription dialog explains that nothing was lost', async ({ browser, server }) => {
    const expired = { email: 'expired@demo.health', password: 'demo-password-1' };
    const context = await browser.newContext({ baseURL: server.baseURL, storageState: await signedInState(server.baseURL, expired) });
    const page = await context.newPage();
    // Asked before the form: "Start a discussion" opens the plans, nothing is typed in vain.
    await page.goto('/discussions');
    await page.getByRole('link', { name: 'Start a discussion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Leader' });
    await expect(dialog.getByTestId('trial-ended-note')).toContainText('Everything you made is kept');
    await context.close();
  });
});
