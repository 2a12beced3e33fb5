import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demoAccounts, signedInState, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

/** The demo admin (apps/server/src/seed/seed.ts). */
const adminAccount: Account = { email: 'admin@demo.health', password: 'demo-password-1' };

/** An HTTP client signed in as `account`, echoing the XSRF token on writes as the app does. */
async function apiAs(baseURL: string, account: Account): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const storageState = await signedInState(baseURL, account);
  const api = await playwrightRequest.newContext({ baseURL, storageState });
  const token = storageState.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { api, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' } };
}

/** Content to moderate and figures to chart: Lena writes, Rafael reports her comment, people search. */
async function someActivity(
  baseURL: string,
  title = 'Fasting to cure type 1 diabetes',
): Promise<{ discussionId: string; commentId: string }> {
  const lena = await apiAs(baseURL, demoAccounts.leader);
  const rafael = await apiAs(baseURL, demoAccounts.reader);
  const opened = await lena.api.post('/api/discussions', {
    headers: lena.headers,
    data: { title, body: 'Has anyone stopped insulin?', access_type: 'public' },
  });
  expect(opened.status()).toBe(201);
  const discussionId = (await opened.json()).data.id as string;
  const commented = await lena.api.post(`/api/discussions/${discussionId}/comments`, {
    headers: lena.headers,
    data: { body: 'I stopped my insulin and feel great. Buy my detox tea!' },
  });
  const commentId = (await commented.json()).data.id as string;
  const reported = await rafael.api.post(`/api/comments/${commentId}/report`, {
    headers: rafael.headers,
    data: { reason: 'misinformation', details: 'Stopping insulin is dangerous.' },
  });
  expect(reported.status()).toBe(201);
  const searches = Array.from({ length: 3 }, () => ({ name: 'search_used', occurred_at: new Date().toISOString(), properties: {} }));
  await rafael.api.post('/api/analytics/events', { headers: rafael.headers, data: { events: searches } });
  await lena.api.dispose();
  await rafael.api.dispose();
  return { discussionId, commentId };
}

/**
 * Closes the notices the last actions left, up to and including `last` (they queue, one at a time):
 * a snackbar caught mid-animation reads as low contrast to axe.
 */
async function dismissNotices(page: Page, last: string): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss', exact: true });
  const lastNotice = page.getByText(last, { exact: true });
  await expect(async () => {
    if (await lastNotice.isVisible()) return;
    if (await dismiss.count()) await dismiss.first().click({ timeout: 1000 });
    await expect(lastNotice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await dismiss.click();
  await expect(lastNotice).toHaveCount(0);
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await signedInState(baseURL, adminAccount) });
  return context.newPage();
}

test.describe('the admin console', () => {
  // Machines under load draw slowly; each section is a test of its own.
  test.describe.configure({ timeout: 120_000 });

  test('an admin goes in through the account menu and reads the figures over a period', async ({ browser, server }) => {
    await someActivity(server.baseURL);
    const page = await adminPage(browser, server.baseURL);

    // In through the account menu.
    await page.goto('/search');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();

    // Figures: totals and a chart per series; the period is in the URL.
    const totals = page.getByRole('region', { name: 'Totals now' });
    await expect(totals).toContainText('Open reports');
    await expect(page.getByRole('img', { name: /^Searches: 3 in total/ })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Active subscriptions by plan' })).toContainText('Leader');
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page).toHaveURL(/\/admin\?days=90$/);
    await expect(page.getByText(/^Per day, /)).toBeVisible();
    await page.getByRole('img', { name: /^Sign-ups:/ }).hover();
    await expectNoSeriousAxeViolations(page, 'admin overview');
    await saveScreenshotsAtWidths(page, 'admin-overview');
    await page.context().close();
  });

  test('an admin creates a plan and takes it off the offer', async ({ browser, server }) => {
    const page = await adminPage(browser, server.baseURL);
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Clinic team');
    await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a price such as 9.99.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('49.00');
    await dialog.getByRole('textbox', { name: 'Features' }).fill('Five leader seats\nPriority support');
    await dialog.getByRole('textbox', { name: 'Stripe price ID' }).fill('price_1ClinicTeam');
    await expectNoSeriousAxeViolations(page, 'plan dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Clinic team/ });
    await expect(row).toContainText('$49.00 / month');
    await expect(row).toContainText('price_1ClinicTeam');
    const offered = async () =>
      (await (await page.request.get('/api/subscription/plans')).json()).data.map((p: { name: string }) => p.name);
    expect(await offered()).toContain('Clinic team');
    await page.getByRole('button', { name: 'Deactivate Clinic team' }).click();
    await expect(row).toContainText('Inactive');
    expect(await offered()).not.toContain('Clinic team');
    await dismissNotices(page, 'Clinic team is no longer offered; its subscribers keep it.');
    await expectNoSeriousAxeViolations(page, 'admin plans');
    await saveScreenshotsAtWidths(page, 'admin-plans');
    await page.context().close();
  });

  test('an admin finds a person, changes their plan, bans them, and reads the reports against someone', async ({ browser, server }) => {
    await someActivity(server.baseURL);
    const page = await adminPage(browser, server.baseURL);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Find by e-mail or name' }).fill('trial@demo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('1 person')).toBeVisible();
    await page.getByRole('button', { name: 'Change plan: Tess Trial' }).click();
    const planDialog = page.getByRole('dialog', { name: 'Plan for Tess Trial' });
    await planDialog.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: 'Leader', exact: true }).click();
    await planDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Tess Trial/ })).toContainText('Leader');
    await page.getByRole('button', { name: 'Ban Tess Trial' }).click();
    await page.getByRole('dialog', { name: 'Ban Tess Trial?' }).getByRole('button', { name: 'Ban' }).click();
    await expect(page.getByRole('row', { name: /Tess Trial/ })).toContainText('Suspended');
    await dismissNotices(page, 'Tess Trial is suspended.');
    const tess = await playwrightRequest.newContext({ baseURL: server.baseURL });
    await tess.get('/sanctum/csrf-cookie');
    const xsrf = (await tess.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const login = await tess.post('/login', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
      data: { email: demoAccounts.trial.email, password: demoAccounts.trial.password },
    });
    expect(login.status()).toBe(403);
    expect((await login.json()).message).toBe('Your account has been suspended.');
    await tess.dispose();
    await page.getByRole('searchbox', { name: 'Find by e-mail or name' }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('row', { name: /Ada Admin/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'admin users');
    await saveScreenshotsAtWidths(page, 'admin-users');

    // Lena's page shows the report against her.
    await page.getByRole('link', { name: 'Lena Leader' }).click();
    await expect(page.getByRole('heading', { name: 'Reports against Lena Leader' })).toBeVisible();
    await expect(page.getByText('Stopping insulin is dangerous.').first()).toBeVisible();
    await saveScreenshotsAtWidths(page, 'admin-user');
    await page.context().close();
  });

  test('an admin works the reports queue: hiding the reported comment resolves its report', async ({ browser, server }) => {
    const { discussionId, commentId } = await someActivity(server.baseURL, 'Fasting instead of insulin?');
    const page = await adminPage(browser, server.baseURL);
    await page.goto('/admin/reports');
    const report = page.getByRole('article', { name: 'Misinformation: Fasting instead of insulin?' });
    await expect(report).toContainText('I stopped my insulin and feel great.');
    await expect(report).toContainText('Reported by Rafael Reader');
    await expectNoSeriousAxeViolations(page, 'admin reports');
    await saveScreenshotsAtWidths(page, 'admin-reports');
    await report.getByRole('button', { name: 'Hide content' }).click();
    await expect(report).toBeHidden();
    await page.getByRole('tab', { name: 'Actioned' }).click();
    await expect(page.getByRole('article', { name: 'Misinformation: Fasting instead of insulin?' })).toContainText('Hidden');
    // Lena's comment now reads as deleted, for her too.
    const lena = await apiAs(server.baseURL, demoAccounts.leader);
    const comments = (await (await lena.api.get(`/api/discussions/${discussionId}/comments`)).json()).data;
    expect(comments).toEqual([expect.objectContaining({ id: commentId, body: null, deleted: true })]);
    await lena.api.dispose();
    await page.context().close();
  });

  test('an admin switches maintenance on with a retry time, keeps working, and switches it off', async ({ browser, server }) => {
    const page = await adminPage(browser, server.baseURL);
    await page.goto('/admin/maintenance');
    await page.getByRole('textbox', { name: 'Retry after (seconds)' }).fill('120');
    await page.getByRole('button', { name: 'Turn maintenance on' }).click();
    // The notice hides itself after 6 s: it is read and closed first, before the slower checks below.
    await expect(page.getByText('Maintenance is on.', { exact: true })).toBeVisible();
    await dismissNotices(page, 'Maintenance is on.');
    await expect(page.getByText('Maintenance is on', { exact: true })).toBeVisible();
    await expect(page.getByText('Maintenance mode is on: everyone but admins sees the maintenance dialog.')).toBeVisible();
    const guest = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const health = await guest.get('/api/');
    expect(health.status()).toBe(503);
    expect(health.headers()['retry-after']).toBe('120');
    await expectNoSeriousAxeViolations(page, 'admin maintenance');
    await saveScreenshotsAtWidths(page, 'admin-maintenance');
    await page.getByRole('button', { name: 'Turn maintenance off' }).click();
    await expect(page.getByText('Maintenance is off: the app is open to everyone.')).toBeVisible();
    expect((await guest.get('/api/')).status()).toBe(200);
    await guest.dispose();
    await page.context().close();
  });

  test('someone who is not an admin has no way in', async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await signedInState(server.baseURL, demoAccounts.leader),
    });
    const page = await context.newPage();
    await page.goto('/admin/reports');
    await expect(page).toHaveURL(/\/search$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
    const stats = await page.request.get('/api/admin/stats');
    expect(stats.status()).toBe(403);
    expect((await stats.json()).message).toBe('Only administrators can use the admin console.');
    await context.close();
  });
});
