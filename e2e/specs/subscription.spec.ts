import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

/** The checkout's `redirect` value back to text: base64 of the path's UTF-8 bytes. */
function decodeRedirect(href: string): string {
  const value = new URL(href).searchParams.get('redirect');
  expect(value, `a redirect parameter on ${href}`).not.toBeNull();
  return Buffer.from(value ?? '', 'base64').toString('utf8');
}

test.describe('the subscription page of a reader', () => {
  test.use({ signedInAs: demoAccounts.reader });

  test("shows the reader plan as current and disabled, and leader's Subscribe link carries the page as base64", async ({
    page,
    server,
  }) => {
    await page.goto('/user/subscription');
    await expect(page.getByRole('heading', { level: 2, name: 'Subscription' })).toBeVisible();
    await expect(page.getByTestId('current-plan')).toHaveText('Reader');
    await expect(page.getByText('You can read', { exact: true })).toBeVisible();
    await expect(page.getByText('You cannot write', { exact: true })).toBeVisible();

    const plans = page.getByRole('list', { name: 'Subscription plans' });
    // Active plans only, cheapest first: the retired yearly plan is not offered.
    await expect(plans.getByRole('article')).toHaveCount(2);
    await expect(plans.getByRole('heading', { level: 3 })).toHaveText(['Reader', 'Leader']);

    const reader = plans.getByRole('article', { name: 'Reader', exact: true });
    await expect(reader.getByTestId('plan-price')).toHaveText('$4.99/month');
    await expect(reader.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(reader.getByRole('link', { name: 'Subscribe' })).toHaveCount(0);
    await expect(reader.getByText('This includes:')).toBeVisible();

    const leader = plans.getByRole('article', { name: 'Leader', exact: true });
    await expect(leader.getByTestId('plan-price')).toHaveText('$9.99/month');
    const subscribe = leader.getByRole('link', { name: 'Subscribe' });
    const href = (await subscribe.getAttribute('href')) ?? '';
    expect(href.startsWith(`${server.baseURL}/api/subscription/checkout/leader-monthly?redirect=`), href).toBe(true);
    expect(decodeRedirect(href)).toBe('/user/subscription');

    await expect(page.getByText('Powered by')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
