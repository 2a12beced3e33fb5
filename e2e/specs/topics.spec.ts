import type { Browser, Page } from '@playwright/test';
import { demoAccounts, signedInState, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

/** Someone in a browser context of their own, signed in over HTTP. */
async function personAs(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await signedInState(baseURL, account) });
  return context.newPage();
}

test.describe('health topics', () => {
  test('Tess follows Migraine from an article, sees its best articles and discussions; Lena’s new discussion tags itself and Tess is told', async ({
    browser,
    server,
  }) => {
    test.slow(); // two people, a new discussion and screenshots at two widths
    const tess = await personAs(browser, server.baseURL, demoAccounts.trial);
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);

    // From an article's MeSH terms to the topic page.
    await tess.goto('/search');
    await tess.getByRole('searchbox', { name: 'Search term' }).fill('migraine');
    await expect(tess.getByText('“migraine” → Migraine Disorders')).toBeVisible();
    await tess
      .getByRole('list', { name: 'Search results' })
      .getByRole('button')
      .filter({ hasText: /migraine/i })
      .first()
      .click();
    const drawer = tess.getByRole('dialog', { name: 'Article details' });
    await drawer.getByRole('button', { name: 'What “Migraine Disorders” means' }).click();
    await drawer.getByRole('link', { name: 'Open the topic page for Migraine Disorders' }).click();

    // The lay name first, the MeSH name beside it; the best articles; the discussions tagged with it.
    await expect(tess).toHaveURL(/\/topics\/D008881$/);
    await expect(tess.getByRole('heading', { level: 1, name: 'Migraine' })).toBeVisible();
    await expect(tess.getByText('MeSH: Migraine Disorders (D008881)')).toBeVisible();
    const articles = tess.getByRole('region', { name: 'Best articles' });
    await expect(articles.getByRole('listitem').first()).toBeVisible();
    const discussions = tess.getByRole('region', { name: 'Discussions' });
    // The demo's invite-only circle shows by its title and summary only.
    const circle = discussions.getByRole('article').filter({ hasText: 'Migraine support circle' });
    await expect(circle).toContainText('A small circle comparing what helps prevent migraine.');
    await expect(circle).not.toContainText('A smaller space for people living with migraine');

    await tess.getByRole('button', { name: 'Follow topic' }).click();
    await expect(tess.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tess.getByText('1 follower')).toBeVisible();
    await expectNoSeriousAxeViolations(tess, 'topic page');
    for (const width of WIDTHS) {
      await tess.setViewportSize(viewportFor(width));
      await saveScreenshot(tess, 'topic-page');
    }

    // Lena starts a public discussion and leaves its topics to be suggested from what she writes.
    await lena.goto('/discussions/create-discussion');
    await lena.getByRole('textbox', { name: 'Title' }).fill('Migraine after long screen days');
    await lena.getByRole('textbox', { name: 'Text' }).fill('Does anyone else get an attack after a day at the computer?');
    await expect(lena.getByRole('list', { name: 'Topics' })).toContainText('Suggested from your title and text when you publish');
    for (const width of WIDTHS) {
      await lena.setViewportSize(viewportFor(width));
      await saveScreenshot(lena, 'discussion-form-topics');
    }
    await lena.getByRole('button', { name: 'Publish discussion' }).click();
    await expect(lena.getByRole('heading', { level: 1, name: 'Migraine after long screen days' })).toBeVisible();
    await expect(lena.getByRole('list', { name: 'Topics' }).getByRole('link', { name: 'Migraine Disorders' })).toBeVisible();

    // Tess is told, and the notification opens the discussion; it is listed on the topic page.
    await tess.goto('/notifications');
    const told = tess.getByText('Lena started a discussion on Migraine Disorders: Migraine after long screen days');
    await expect(told).toBeVisible();
    await told.click();
    await expect(tess.getByRole('heading', { level: 1, name: 'Migraine after long screen days' })).toBeVisible();
    await tess.getByRole('list', { name: 'Topics' }).getByRole('link', { name: 'Migraine Disorders' }).click();
    await expect(
      tess.getByRole('region', { name: 'Discussions' }).getByRole('link', { name: 'Migraine after long screen days' }),
    ).toBeVisible();

    await lena.context().close();
    await tess.context().close();
  });
});
