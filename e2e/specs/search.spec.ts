import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

test.describe('health search', () => {
  test.use({ signedInAs: demoAccounts.trial });

  test('"heart attack" maps to Myocardial Infarction; a result opens, its MeSH terms explain themselves, and a reload restores the view', async ({
    page,
  }) => {
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search term' }).fill('heart attack');

    // Debounced into the URL, then the mapping shows like PubMed's search details.
    await expect(page).toHaveURL(/[?&]q=heart(\+|%20)attack/);
    await expect(page.getByText('“heart attack” → Myocardial Infarction')).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' });
    const first = results.getByRole('button', { name: 'Heart attack: the warning signs and what to do', exact: true });
    await expect(first).toBeVisible();

    await first.click();
    await expect(page).toHaveURL(/sri_id=[^&]+/);
    await expect(page).toHaveURL(/mo=1/);
    const drawer = page.getByRole('dialog', { name: 'Article details' });
    await expect(drawer.getByRole('heading', { name: 'Heart attack: the warning signs and what to do' })).toBeVisible();

    const meaning = drawer.getByRole('button', { name: 'What “Myocardial Infarction” means' });
    await meaning.click();
    await expect(meaning).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByText('Also known as')).toBeVisible();

    const source = drawer.getByRole('link', { name: /^Read (the original )?at / });
    await expect(source).toHaveAttribute('target', '_blank');
    await expect(source).toHaveAttribute('rel', /noopener/);
    await expect(source).toHaveAttribute('href', /^https:\/\/medlineplus\.gov\//);

    await expectNoSeriousAxeViolations(page, 'search with the article drawer open');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'search-drawer', { fullPage: false });
    }
    await page.setViewportSize(viewportFor(WIDTHS[0]));

    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(
      page.getByRole('dialog', { name: 'Article details' }).getByRole('heading', { name: /Heart attack: the warning signs/ }),
    ).toBeVisible();
    // The box sits behind the open (modal) drawer, hidden from the accessibility tree but kept filled.
    await expect(page.getByRole('searchbox', { name: 'Search term', includeHidden: true })).toHaveValue('heart attack');
  });

  test('from an article’s drawer, a discussion about it starts in the dm dialog and opens about that article', async ({ page }) => {
    const title = 'Heart attack: the warning signs and what to do';
    await page.goto('/search?q=heart%20attack');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: title, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Article details' });
    await drawer.getByRole('tab', { name: 'Discussions' }).click();
    await expect(page).toHaveURL(/[?&]t=discussions/);
    await expect(drawer.getByRole('heading', { name: 'Discussions about this article', exact: true })).toBeVisible();

    await drawer.getByRole('button', { name: 'Start a discussion about this article' }).click();
    await expect(page).toHaveURL(/[?&]dm=1/);
    const dialog = page.getByRole('dialog', { name: 'Start a discussion about this article' });
    await expect(dialog.getByText(title)).toBeVisible();
    // Back closes it (it is URL state); the button opens it again.
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]dm=/);
    await drawer.getByRole('button', { name: 'Start a discussion about this article' }).click();

    await dialog.getByRole('textbox', { name: 'Title' }).fill('Warning signs I almost missed');
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Mine started as **jaw pain**. What did yours feel like?');
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog.locator('.markdown strong')).toHaveText('jaw pain');
    await expectNoSeriousAxeViolations(page, 'the start-a-discussion dialog over the search page');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'search-start-discussion', { fullPage: false });
    }
    await page.setViewportSize(viewportFor(WIDTHS[0]));
    await dialog.getByRole('button', { name: 'Publish discussion' }).click();

    await expect(page).toHaveURL(/\/discussions\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Warning signs I almost missed' })).toBeVisible();
    await expect(page.getByText(`About ${title}`)).toBeVisible();

    // Back returns to the drawer (the dialog's history entry was replaced), where the discussion is listed.
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]dm=/);
    await expect(drawer.getByRole('link', { name: 'Warning signs I almost missed' })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'search-drawer-discussions', { fullPage: false });
    }
    await page.setViewportSize(viewportFor(WIDTHS[0]));

    // The box searches discussions too (qd=1), keeping the words.
    await drawer.getByRole('button', { name: 'Close the article' }).click();
    await page.getByRole('group', { name: 'What to search' }).getByRole('button', { name: 'Discussions' }).click();
    await expect(page).toHaveURL(/[?&]qd=1/);
    await expect(page).toHaveURL(/[?&]q=heart(\+|%20)attack/);
    await page.getByRole('searchbox', { name: 'Search term' }).fill('jaw pain');
    await expect(page.getByRole('link', { name: 'Warning signs I almost missed' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the search box searching discussions');
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      await saveScreenshot(page, 'search-discussions');
    }
  });

  test('queries that break naive parsers still answer with results or an empty list', async ({ page }) => {
    for (const q of ["'", '&', '!', ':*', '"unbalanced', 'x'.repeat(1999)]) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(page.getByText(/No articles found|\d+ articles?/).first(), q.slice(0, 20)).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'API Error' })).toHaveCount(0);
    }
  });
});
