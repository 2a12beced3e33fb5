import { demoAccounts, signedInState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { apiPost } from '../support/http';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

/** Issue 19, part 3: an article picked from search while writing a comment shows as a card with its badge. */
test('Tess cites an article in a comment: a card with its kind of evidence, and the article lists where it is cited', async ({
  browser,
  server,
}) => {
  const origin = server.baseURL;
  const lena = await (
    await browser.newContext({ baseURL: origin, storageState: await signedInState(origin, demoAccounts.leader) })
  ).newPage();
  const discussion = await apiPost(lena, 'discussions', {
    title: 'Keeping a migraine diary',
    body: 'What do you write down after an attack?',
    access_type: 'public',
  });

  const tess = await (
    await browser.newContext({ baseURL: origin, storageState: await signedInState(origin, demoAccounts.trial) })
  ).newPage();
  await tess.goto(`/discussions/${discussion.data.id}`);
  const box = tess.getByRole('textbox', { name: 'Your comment' });
  await box.fill('Triggers and sleep, as this page suggests:');
  await tess.getByRole('button', { name: 'Cite an article' }).first().click();
  const picker = tess.getByRole('dialog', { name: 'Cite an article' });
  await picker.getByRole('searchbox', { name: 'Search articles' }).fill('migraine');
  const pick = picker.getByRole('button', { name: /^Cite / }).first();
  const title = (await pick.getAttribute('aria-label'))!.replace(/^Cite /, '');
  await expectNoSeriousAxeViolations(tess, 'citation picker');
  await pick.click();
  await expect(picker).toBeHidden();
  await expect(box).toHaveValue(new RegExp(`\\[${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]\\(http`));
  await tess.getByRole('button', { name: 'Post comment' }).click();

  const comment = tess.getByRole('article', { name: 'Comment by Tess' });
  const cited = comment.getByRole('list', { name: 'Cited article' });
  await expect(cited.getByRole('link', { name: title })).toBeVisible();
  await expect(cited.getByText('Patient handout')).toBeVisible(); // the demo library is our own plain-language pages
  await expectNoSeriousAxeViolations(tess, 'comment citing an article');
  await comment.scrollIntoViewIfNeeded();
  await saveScreenshotsAtWidths(tess, 'comment-citation', { fullPage: false });

  // The card opens the article in search's drawer; its Discussions tab says where it is cited.
  await cited.getByRole('link', { name: title }).click();
  const drawer = tess.getByRole('dialog', { name: 'Article details' });
  await drawer.getByRole('tab', { name: 'Discussions' }).click();
  await expect(
    drawer.getByRole('region', { name: 'Cited in' }).getByRole('link', { name: /^A comment by Tess in Keeping a migraine diary$/ }),
  ).toBeVisible();
  await saveScreenshotsAtWidths(tess, 'article-cited-in', { fullPage: false });

  await lena.context().close();
  await tess.context().close();
});
