import type { Browser, Page } from '@playwright/test';
import { demoAccounts, registeredState, signedInState, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

/** A second person: a browser context of their own, signed in over HTTP. */
async function personAs(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await signedInState(baseURL, account) });
  return context.newPage();
}

const comment = (page: Page, author: string) => page.getByRole('article', { name: `Comment by ${author}` });

test.describe('discussions between people', () => {
  test('a leader opens an invite-only discussion, someone asks to join, is let in, and they talk', async ({ browser, server }) => {
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);
    const tess = await personAs(browser, server.baseURL, demoAccounts.trial);

    // Lena starts an invite-only discussion, previewing her Markdown first.
    await lena.goto('/discussions');
    await lena.getByRole('link', { name: 'Start a discussion' }).click();
    await lena.getByRole('textbox', { name: 'Title' }).fill('Living with tinnitus');
    await lena.getByRole('textbox', { name: 'Text' }).fill('What **helped** you sleep with the ringing?');
    await lena.getByRole('tab', { name: 'Preview' }).click();
    await expect(lena.locator('.markdown strong')).toHaveText('helped');
    await lena.getByRole('radio', { name: /Invite only/ }).check();
    await lena.getByRole('button', { name: 'Publish discussion' }).click();
    await expect(lena.getByRole('heading', { level: 1, name: 'Living with tinnitus' })).toBeVisible();
    const discussionUrl = new URL(lena.url()).pathname;

    // Tess sees the title and summary only, and asks to join.
    await tess.goto('/discussions');
    await tess.getByRole('link', { name: 'Living with tinnitus' }).click();
    await expect(tess.getByRole('heading', { name: 'Members only' })).toBeVisible();
    await expect(tess.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
    await tess.getByRole('button', { name: 'Request access' }).click();
    await expect(tess.getByRole('button', { name: 'Request pending' })).toBeDisabled();

    // Lena accepts from the members page.
    await lena.goto(`${discussionUrl}/members`);
    await lena.getByRole('button', { name: 'Accept Tess' }).click();
    const members = lena.getByRole('list', { name: /Members/ }).last();
    await expect(members).toContainText('Tess');

    // Tess now reads the discussion and comments.
    await tess.reload();
    await expect(tess.getByText('What helped you sleep with the ringing?')).toBeVisible();
    await tess.getByRole('textbox', { name: 'Your comment' }).fill('White noise at night made the biggest difference.');
    await tess.getByRole('button', { name: 'Post comment' }).click();
    await expect(comment(tess, 'Tess')).toContainText('White noise at night');

    // Lena sees it after a refresh, replies and upvotes it.
    await lena.goto(discussionUrl);
    await lena.getByRole('button', { name: 'Check for new comments' }).click();
    const tessComment = comment(lena, 'Tess');
    await expect(tessComment).toContainText('White noise at night');
    await tessComment.getByRole('button', { name: 'Reply' }).click();
    await lena.getByRole('textbox', { name: 'Your reply to Tess' }).fill('Thank you, I will try a fan.');
    await lena.getByRole('button', { name: 'Post reply' }).click();
    await expect(comment(lena, 'Lena')).toContainText('Thank you, I will try a fan.');
    const upvote = tessComment.getByRole('button', { name: /^Upvote/ }).first();
    await upvote.click();
    await expect(upvote).toHaveAttribute('aria-pressed', 'true');
    await expect(upvote).toHaveAccessibleName('Upvote (1 upvote)');

    // Tess sees the reply and the upvote.
    await tess.reload();
    const mine = comment(tess, 'Tess');
    await expect(mine.getByRole('button', { name: 'Upvote (1 upvote)' })).toBeVisible();
    await mine.getByRole('button', { name: 'Show 1 reply' }).click();
    await expect(comment(tess, 'Lena')).toContainText('Thank you, I will try a fan.');
    await expectNoSeriousAxeViolations(tess);

    await lena.context().close();
    await tess.context().close();
  });

  test('non-members read the public summary of an invite-only discussion, never its text, at both widths', async ({ browser, server }) => {
    test.slow(); // two people, two widths and four screenshots
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);
    const tess = await personAs(browser, server.baseURL, demoAccounts.trial);
    const body = 'My endocrinologist suggested Quillbrook tablets; here is how the first month went.';
    const summary = 'A small group comparing thyroid treatments. Say a word about yourself when you ask to join.';

    // Lena writes the summary as the field appears for invite-only, watching the count.
    await lena.goto('/discussions/create-discussion');
    await lena.getByRole('textbox', { name: 'Title' }).fill('Thyroid treatment diaries');
    await lena.getByRole('textbox', { name: 'Text' }).fill(body);
    await expect(lena.getByRole('textbox', { name: 'Public summary (optional)' })).toHaveCount(0);
    await lena.getByRole('radio', { name: /Invite only/ }).check();
    const summaryField = lena.getByRole('textbox', { name: 'Public summary (optional)' });
    await summaryField.fill('Very **private**');
    await lena.getByRole('button', { name: 'Publish discussion' }).click();
    await expect(lena.getByText('The summary must be plain text: no HTML tags, Markdown links, emphasis or code.')).toBeVisible();
    await summaryField.fill(summary);
    await expect(lena.getByText(`${summary.length} / 300`)).toBeVisible();
    await expect(summaryField).toHaveAttribute('maxlength', '300');
    for (const width of WIDTHS) {
      await lena.setViewportSize(viewportFor(width));
      await saveScreenshot(lena, 'discussion-summary-form');
    }
    await lena.getByRole('button', { name: 'Publish discussion' }).click();
    await expect(lena.getByRole('heading', { level: 1, name: 'Thyroid treatment diaries' })).toBeVisible();
    await expect(lena.getByText(body)).toBeVisible();

    // Tess, not a member, finds it by its summary's words, sees the summary on the card and the page, never the text.
    await tess.goto('/discussions?q=thyroid');
    const card = tess.getByRole('article').filter({ hasText: 'Thyroid treatment diaries' });
    await expect(card).toContainText(summary);
    await tess.goto('/discussions?q=Quillbrook');
    await expect(tess.getByRole('article').filter({ hasText: 'Thyroid treatment diaries' })).toHaveCount(0);
    await tess.goto('/discussions');
    await tess.getByRole('link', { name: 'Thyroid treatment diaries' }).click();
    await expect(tess.getByRole('heading', { name: 'About this discussion' })).toBeVisible();
    await expect(tess.getByText(summary)).toBeVisible();
    await expect(tess.getByRole('button', { name: 'Request access' })).toBeVisible();
    await expect(tess.locator('body')).not.toContainText('Quillbrook');
    for (const width of WIDTHS) {
      await tess.setViewportSize(viewportFor(width));
      await saveScreenshot(tess, 'discussion-summary-non-member');
    }
    await expectNoSeriousAxeViolations(tess);
    await tess.getByRole('button', { name: 'Request access' }).click();
    await expect(tess.getByRole('button', { name: 'Request pending' })).toBeDisabled();

    // Lena edits the summary in place; Tess reads the new words.
    await lena.getByRole('button', { name: 'More actions for this discussion' }).click();
    await lena.getByRole('menuitem', { name: 'Edit' }).click();
    await lena.getByRole('textbox', { name: 'Public summary (optional)' }).fill('Thyroid treatment diaries, by invitation.');
    await lena.getByRole('button', { name: 'Save' }).click();
    await expect(lena.getByText(body)).toBeVisible();
    await tess.reload();
    await expect(tess.getByText('Thyroid treatment diaries, by invitation.')).toBeVisible();
    await expect(tess.locator('body')).not.toContainText('Quillbrook');

    await lena.context().close();
    await tess.context().close();
  });

  test('a reader reads, and is offered the Leader plan instead of a comment box', async ({ browser, server }) => {
    const rafael = await personAs(browser, server.baseURL, demoAccounts.reader);
    let posted = 0;
    rafael.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/discussions\/[^/]+\/comments$/.test(request.url())) posted += 1;
    });
    await rafael.goto('/discussions');
    await rafael.getByRole('link', { name: 'Home blood pressure readings: morning or evening?' }).click();
    await expect(comment(rafael, 'Tess')).toContainText('before coffee');
    // Asked before anything is typed: no box to fill in vain, the plan that writes instead.
    await expect(rafael.getByRole('textbox', { name: 'Your comment' })).toHaveCount(0);
    await rafael.getByRole('button', { name: 'See the Leader plan' }).click();
    await expect(rafael.getByRole('dialog', { name: 'Upgrade to Leader' })).toBeVisible();
    expect(posted).toBe(0);
    await rafael.context().close();
  });

  test('blocking someone hides their discussions and comments', async ({ browser, server }) => {
    const tess = await personAs(browser, server.baseURL, demoAccounts.trial);
    await tess.goto('/discussions');
    await expect(tess.getByRole('link', { name: 'Home blood pressure readings: morning or evening?' })).toBeVisible();
    await tess.getByRole('link', { name: 'Questions to ask at my first diabetes appointment' }).click();
    await expect(comment(tess, 'Lena')).toBeVisible();

    await tess.getByRole('link', { name: 'Lena' }).first().click();
    await tess.getByRole('button', { name: 'More actions for Lena' }).click();
    await tess.getByRole('menuitem', { name: 'Block' }).click();
    await tess.getByRole('dialog', { name: 'Block Lena?' }).getByRole('button', { name: 'Block' }).click();
    await expect(tess.getByText('You blocked this member')).toBeVisible();

    await tess.goto('/discussions');
    await expect(tess.getByRole('link', { name: 'Questions to ask at my first diabetes appointment' })).toBeVisible();
    await expect(tess.getByRole('link', { name: 'Home blood pressure readings: morning or evening?' })).toHaveCount(0);
    await tess.getByRole('link', { name: 'Questions to ask at my first diabetes appointment' }).click();
    await expect(tess.getByRole('heading', { level: 1 })).toHaveText('Questions to ask at my first diabetes appointment');
    await expect(comment(tess, 'Lena')).toHaveCount(0);

    // The blocked-users page lists her, and unblocking brings everything back.
    await tess.goto('/user/blocked-users');
    await tess.getByRole('button', { name: 'Unblock Lena' }).click();
    await expect(tess.getByText('You unblocked Lena.')).toBeVisible();
    await tess.goto('/discussions');
    await expect(tess.getByRole('link', { name: 'Home blood pressure readings: morning or evening?' })).toBeVisible();
    await tess.context().close();
  });

  test('hostile titles, bodies and names render as text wherever they appear', async ({ browser, server }) => {
    const payloads = ['<img src=x onerror="window.__xss=1">', '<script>window.__xss=1</script>', '"><svg onload=window.__xss=1>'];
    const name = '<img src=x onerror=window.__xss=1>';
    const malloryContext = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await registeredState(server.baseURL, { name, displayName: name }),
    });
    const mallory = await malloryContext.newPage();
    const title = `Question ${payloads[0]}`;
    await mallory.goto('/discussions/create-discussion');
    await mallory.getByRole('textbox', { name: 'Title' }).fill(title);
    await mallory
      .getByRole('textbox', { name: 'Text' })
      .fill(`${payloads.join(' ')}\n\n[click me](javascript:window.__xss=1) <a href="javascript:window.__xss=1">raw</a>`);
    await mallory.getByRole('button', { name: 'Publish discussion' }).click();
    await expect(mallory.getByRole('heading', { level: 1 })).toHaveText(title);
    await mallory.getByRole('textbox', { name: 'Your comment' }).fill(payloads[2]!);
    await mallory.getByRole('button', { name: 'Post comment' }).click();
    await expect(comment(mallory, name)).toContainText(payloads[2]!);
    const discussionUrl = new URL(mallory.url()).pathname;

    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);
    for (const path of [discussionUrl, '/discussions', '/discussions?q=Question']) {
      await lena.goto(path);
      await expect(lena.getByText(title).first()).toBeVisible();
    }
    await lena.goto(discussionUrl);
    await expect(lena.getByText('<script>window.__xss=1</script>', { exact: false })).toBeVisible();
    await expect(comment(lena, name)).toBeVisible();
    // No javascript: link survives in the rendered body.
    await expect(lena.locator('.markdown a[href^="javascript"]')).toHaveCount(0);
    await lena.getByRole('link', { name }).first().click();
    await expect(lena.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(lena.getByText(title).first()).toBeVisible();
    for (const page of [mallory, lena]) {
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    }
    await mallory.context().close();
    await lena.context().close();
  });
});
