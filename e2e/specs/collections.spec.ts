import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { demoAccounts, signedInState, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

async function personAs(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await signedInState(baseURL, account) });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  return context.newPage();
}

/** The article titles of a collection's list, in the order shown. */
async function titlesIn(list: Locator): Promise<string[]> {
  return list.getByRole('listitem').getByRole('heading').allInnerTexts();
}

/** RIS (one tag per line, `TY  -` opens a record, `ER  -` closes it) back into records of tags. */
function parseRis(text: string): Record<string, string[]>[] {
  const records: Record<string, string[]>[] = [];
  let current: Record<string, string[]> | null = null;
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) continue;
    const [, tag, value] = match as unknown as [string, string, string];
    if (tag === 'TY') current = {};
    if (!current) throw new Error(`RIS tag ${tag} outside a record`);
    if (tag === 'ER') {
      records.push(current);
      current = null;
      continue;
    }
    (current[tag] ??= []).push(value);
  }
  return records;
}

test.describe('collections', () => {
  test('search, save three results to the draft, name it, reorder, note, share, a guest opens it, someone else saves a copy, RIS export parses back', async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);

    // Three results into the draft: two from their Save buttons, one from the drawer's collections tab.
    await lena.goto('/search?q=heart%20attack');
    const results = lena.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('listitem').nth(2)).toBeVisible();
    const picked = (await results.getByRole('listitem').getByRole('heading').allInnerTexts()).slice(0, 3);
    for (const title of picked.slice(0, 2)) {
      await results.getByRole('button', { name: `Save “${title}” to a collection` }).click();
      await lena.getByRole('menuitem', { name: /^Draft/ }).click();
      await expect(lena.getByText('Saved to “Draft”.')).toBeVisible();
    }
    await results.getByRole('button', { name: picked[2]!, exact: true }).click();
    const drawer = lena.getByRole('dialog', { name: 'Article details' });
    await drawer.getByRole('tab', { name: 'Collections' }).click();
    await expect(lena).toHaveURL(/[?&]t=collections/);
    await expect(drawer.getByRole('heading', { name: 'Save this article' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Save: Draft' }).click();
    await expect(drawer.getByText('In your draft', { exact: true })).toBeVisible();
    await saveScreenshotsAtWidths(lena, 'collections-drawer-tab', { fullPage: false });
    await expectNoSeriousAxeViolations(lena, 'the drawer’s collections tab');
    await drawer.getByRole('button', { name: 'Close the article' }).click();

    // The draft holds them in the order they were saved; it is saved under a name.
    await lena.goto('/collections/draft');
    const draftList = lena.getByRole('list', { name: /^Articles in/ });
    await expect.poll(() => titlesIn(draftList)).toEqual(picked);
    await saveScreenshotsAtWidths(lena, 'collections-draft');
    await lena.getByRole('textbox', { name: 'Name' }).fill('Before the cardiology visit');
    await lena.getByRole('textbox', { name: 'Description (optional)' }).fill('What I want to ask about.');
    await lena.getByRole('button', { name: 'Save collection' }).click();
    await expect(lena.getByRole('heading', { level: 1, name: 'Before the cardiology visit' })).toBeVisible();
    await expect(lena).toHaveURL(/\/collections\/[0-9A-Za-z]+$/);
    const collectionPath = new URL(lena.url()).pathname;
    const list = lena.getByRole('list', { name: 'Articles in “Before the cardiology visit”' });

    // Reorder by drag: the third onto the first.
    await list
      .getByRole('button', { name: `Reorder “${picked[2]}”` })
      .dragTo(list.getByRole('listitem').first(), { targetPosition: { x: 40, y: 5 } });
    await expect.poll(() => titlesIn(list)).toEqual([picked[2], picked[0], picked[1]]);
    // And by keyboard: the (now) first moves down one.
    await list.getByRole('button', { name: `Reorder “${picked[2]}”` }).focus();
    await lena.keyboard.press('ArrowDown');
    const expected = [picked[0], picked[2], picked[1]];
    await expect.poll(() => titlesIn(list)).toEqual(expected);
    await expect(list.getByRole('button', { name: `Reorder “${picked[2]}”` })).toBeFocused();
    await expect(lena.getByRole('status').filter({ hasText: 'moved to position 2 of 3' })).toBeAttached();

    // A note on the second item.
    const note = 'Ask whether "aspirin" is right for me, and how much.';
    await list.getByRole('button', { name: `Add a note: ${picked[2]}` }).click();
    await lena.getByRole('textbox', { name: `Note on “${picked[2]}”` }).fill(note);
    await lena.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(list.getByText(note)).toBeVisible();

    // Both survive a reload: the server has them.
    await lena.reload();
    await expect.poll(() => titlesIn(list)).toEqual(expected);
    await expect(list.getByText(note)).toBeVisible();
    await saveScreenshotsAtWidths(lena, 'collections-show');
    await expectNoSeriousAxeViolations(lena, 'a collection');

    // Share: a link, copied.
    await lena.getByRole('button', { name: 'Share', exact: true }).click();
    const shareDialog = lena.getByRole('dialog', { name: 'Share “Before the cardiology visit”' });
    await shareDialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = shareDialog.getByRole('textbox', { name: 'Link to this collection' });
    await expect(linkField).toHaveValue(/\/shared\/[A-Za-z0-9_-]{32}$/);
    const link = await linkField.inputValue();
    await shareDialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(lena.getByText('Link copied.')).toBeVisible();
    expect(await lena.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await saveScreenshotsAtWidths(lena, 'collections-share', { fullPage: false });
    await shareDialog.getByRole('button', { name: 'Close' }).click();

    // A guest, in a fresh browser context, opens the link: read-only, same order, the note.
    const guestContext = await browser.newContext({ baseURL: server.baseURL });
    const guest = await guestContext.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { level: 1, name: 'Before the cardiology visit' })).toBeVisible();
    await expect(guest.getByText('Shared by Lena')).toBeVisible();
    const sharedList = guest.getByRole('list', { name: 'Articles in “Before the cardiology visit”' });
    await expect.poll(() => titlesIn(sharedList)).toEqual(expected);
    await expect(sharedList.getByText(note)).toBeVisible();
    await expect(sharedList.getByRole('button', { name: /Reorder|Add a note|Edit note/ })).toHaveCount(0);
    await saveScreenshotsAtWidths(guest, 'collections-shared-guest');
    await expectNoSeriousAxeViolations(guest, 'a shared collection, as a guest');

    // Someone else signs in from there and saves a copy of their own.
    await guest.getByRole('link', { name: 'Sign in to save a copy' }).click();
    await guest.getByRole('textbox', { name: 'E-mail address' }).fill(demoAccounts.reader.email);
    await guest.getByRole('button', { name: 'Continue' }).click();
    await guest.getByRole('textbox', { name: 'Password', exact: true }).fill(demoAccounts.reader.password);
    await guest.getByRole('button', { name: 'Sign in' }).click();
    await expect(guest).toHaveURL(new URL(link).pathname);
    await guest.getByRole('button', { name: 'Save a copy' }).click();
    await expect(guest.getByText('Saved to your collections.')).toBeVisible();
    await expect(guest).toHaveURL(/\/collections\/[0-9A-Za-z]+$/);
    expect(new URL(guest.url()).pathname).not.toBe(collectionPath);
    await expect(guest.getByRole('heading', { level: 1, name: 'Before the cardiology visit' })).toBeVisible();
    const copyList = guest.getByRole('list', { name: 'Articles in “Before the cardiology visit”' });
    await expect.poll(() => titlesIn(copyList)).toEqual(expected);
    await expect(copyList.getByText(note)).toBeVisible();
    await guestContext.close();

    // RIS export of the original, parsed back: the same articles, in the same order, with the note.
    await lena.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([lena.waitForEvent('download'), lena.getByRole('menuitem', { name: 'Download as RIS' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ris$/);
    const records = parseRis(await readFile((await download.path())!, 'utf8'));
    expect(records.map((record) => record.TI?.[0])).toEqual(expected);
    expect(records[1]!.N1?.join(' ')).toContain('aspirin');

    // The index shows it with its count.
    await lena.goto('/collections');
    const card = lena.getByRole('listitem').filter({ has: lena.getByRole('link', { name: 'Before the cardiology visit' }) });
    await expect(card).toContainText('3 articles');
    await expect(card).toContainText('Shared by link');
    await saveScreenshotsAtWidths(lena, 'collections-index');
    await expectNoSeriousAxeViolations(lena, 'the collections index');
    await lena.context().close();
  });

  test('a revoked link stops working for everyone', async ({ browser, server }) => {
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);
    await lena.goto('/collections');
    await lena.getByRole('button', { name: 'New collection' }).click();
    await lena.getByRole('dialog', { name: 'New collection' }).getByRole('textbox', { name: 'Name' }).fill('Short-lived');
    await lena.getByRole('button', { name: 'Create' }).click();
    await expect(lena.getByRole('heading', { level: 1, name: 'Short-lived' })).toBeVisible();
    await lena.getByRole('button', { name: 'Share', exact: true }).click();
    await lena.getByRole('button', { name: 'Create link' }).click();
    const link = await lena.getByRole('textbox', { name: 'Link to this collection' }).inputValue();
    await lena.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(lena.getByText('The link no longer works.')).toBeVisible();

    const guest = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { level: 1, name: 'This shared link does not work' })).toBeVisible();
    await guest.context().close();
    await lena.context().close();
  });
});
