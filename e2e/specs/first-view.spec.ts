import type { APIResponse, Page } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { apiPost, demoDiscussionPath } from '../support/http';
import { expect, test } from '../support/test';

/**
 * The first view comes from the server (docs/design.md, "First view from the server"): a navigation's HTML already holds the
 * page as React renders it for that person, which the client then hydrates without a mismatch (the
 * test fixture fails on any hydration warning).
 */

const navigate = (page: Page, path: string): Promise<APIResponse> =>
  page.request.get(path, { headers: { accept: 'text/html' }, maxRedirects: 0 });

/** The page answers input: React has hydrated the heading (its fiber is on the element). */
async function expectHydrated(page: Page) {
  await expect
    .poll(() => page.locator('main h1').evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

test.describe('a guest', () => {
  test('gets the sign-in page in the HTML, never cached, with the usual security headers', async ({ page }) => {
    const answer = await navigate(page, '/sign-in');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('private, no-store');
    expect(answer.headers()['content-security-policy']).toContain("script-src 'self'");
    const html = await answer.text();
    expect(html).toContain('<div id="root" data-server-rendered>');
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    // The page's own chunks are named up front, so they arrive in one round.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/);

    await page.goto('/sign-in');
    await expectHydrated(page);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('someone@example.com');
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('someone@example.com');
  });

  test('a shared link that no longer works renders once on the server, and the page then says so', async ({ page }) => {
    const answer = await navigate(page, '/shared/AbCdEfGhIjKl');
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('<div id="root" data-server-rendered>');
    // The refused query is not asked for again by a second render.
    expect(answer.headers()['server-timing']).toContain('desc="1 render"');

    await page.goto('/shared/AbCdEfGhIjKl');
    await expect(page.getByRole('heading', { name: 'This shared link does not work' })).toBeVisible();
  });

  test('is sent to sign in by the server itself when a page needs an account, with the way back', async ({ page }) => {
    const answer = await navigate(page, '/discussions?sort=new');
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/sign-in?redirect=%2Fdiscussions%3Fsort%3Dnew');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, signedInAs: demoAccounts.leader });

  test('a signed-in person still sees the discussion with its first comments and the search results', async ({ page }) => {
    await page.goto(await demoDiscussionPath(page, 'Home blood pressure readings: morning or evening?'));
    await expect(page.getByRole('heading', { level: 1, name: 'Home blood pressure readings: morning or evening?' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Comment by / }).first()).toBeVisible();

    await page.goto('/search?q=heart');
    await expect(page.getByRole('heading', { level: 1, name: 'Search health articles' })).toBeVisible();
    await expect(page.getByRole('searchbox').or(page.getByRole('combobox')).first()).toHaveValue('heart');
    await expect(page.getByRole('heading', { level: 2, name: /heart attack/i }).first()).toBeVisible();
  });
});

test.describe('a reader outside a private discussion', () => {
  test.use({ signedInAs: demoAccounts.reader });

  test('gets only what the API shows them: a private discussion they are not in stays out of the HTML', async ({ page }) => {
    const answer = await navigate(page, '/discussions');
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain('Home blood pressure readings: morning or evening?');
    expect(html).not.toContain('Notes for my cardiac rehab group');
  });
});

test.describe('a person whose trial ended', () => {
  test.use({ signedInAs: { email: 'expired@demo.health', password: 'demo-password-1' } });

  test('gets the plan panel in the HTML, where the page would be, and React takes it over as it is', async ({ page }) => {
    const answer = await navigate(page, '/discussions');
    const html = await answer.text();
    expect(html).toContain('data-testid="plan-required"');
    expect(html).toContain('Reading this needs a plan');
    expect(html).not.toContain('could not be loaded');

    await page.goto('/discussions');
    await expectHydrated(page);
    const panel = page.getByTestId('plan-required');
    await expect(panel.getByRole('heading', { name: 'Reading this needs a plan' })).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Subscription plans' }).getByRole('article')).toHaveCount(2);
  });
});

test.describe('a signed-in person', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('text a member wrote cannot end the embedded data and run as a script', async ({ page }) => {
    const title = '</script><script>window.injected = true</script> & <!-- friends';
    const created = await apiPost(page, 'discussions', { title, body: 'Plain words.', access_type: 'public', summary: '' });
    const answer = await navigate(page, `/discussions/${created.data.id}`);
    const html = await answer.text();
    expect(html).not.toContain('<script>window.injected');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ewindow.injected');

    await page.goto(`/discussions/${created.data.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectHydrated(page);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  test("a shared collection comes from the server: the owner's page with its share link, and the link itself", async ({ page }) => {
    const collection = await apiPost(page, 'collections', { name: 'Reading for the visit' });
    const shared = (await apiPost(page, `collections/${collection.data.id}/share`)) as unknown as { data: { share_hash: string } };
    for (const path of [`/collections/${collection.data.id}`, `/shared/${shared.data.share_hash}`]) {
      const answer = await navigate(page, path);
      expect(await answer.text(), path).toContain('<div id="root" data-server-rendered>');
      expect(answer.headers()['server-timing'], path).toContain('desc="1 render"');
    }
    await page.goto(`/collections/${collection.data.id}`);
    await expectHydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Reading for the visit' })).toBeVisible();
  });

  test('every entry page hydrates the server rendering without a mismatch and then works as before', async ({ page }) => {
    const discussion = await demoDiscussionPath(page, 'Home blood pressure readings: morning or evening?');
    const me = (await (await page.request.get('/api/user', { headers: { accept: 'application/json' } })).json()) as {
      data: { sid: string };
    };
    const entryPages = [
      '/search',
      '/search?q=heart',
      '/search?q=blood%20pressure&qd=1',
      '/discussions',
      discussion,
      `${discussion}/members`,
      '/collections',
      '/collections/draft',
      '/notifications',
      '/topics/D008881',
      `/user-profile/${me.data.sid}/discussions`,
      '/user/account',
      '/user/subscription',
      '/user/blocked-users',
    ];
    for (const path of entryPages) {
      const answer = await navigate(page, path);
      expect(await answer.text(), path).toContain('<div id="root" data-server-rendered>');
      // Its routes declare the data it shows, so the server fetched it first and rendered once.
      expect(answer.headers()['server-timing'], path).toMatch(/^first-view;dur=[\d.]+;desc="1 render"$/);
      await page.goto(path);
      await expectHydrated(page);
    }
    // Still the single-page app: a link is followed by the client router.
    await page.getByRole('link', { name: 'Discussions' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Discussions' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  // The first load has its scripts held back: nothing to wait for there; the second waits itself.
  test.use({ signedInAs: demoAccounts.leader, viewport: { width: 390, height: 844 }, waitForReact: false });

  test('the server paints the bottom bar a phone uses, and React takes the page over without a mismatch', async ({ page }) => {
    // Without scripts first: the server's HTML alone already shows the phone's layout.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/search');
    const bottomBar = page.locator('nav[aria-label="Main navigation"]:not(header nav)');
    await expect(bottomBar).toBeVisible();
    await expect(page.locator('header nav[aria-label="Main navigation"]')).toBeHidden();
    await page.unroute('**/assets/**/*.js');

    // Then with them: hydration agrees with that HTML (the fixture fails on a hydration warning).
    await page.goto('/discussions');
    await expectHydrated(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Collections' }).click();
    await expect(page).toHaveURL(/\/collections$/);
  });
});
