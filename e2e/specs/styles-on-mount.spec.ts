import { demoAccounts } from '../support/accounts';
import { demoDiscussionPath } from '../support/http';
import { afterNextPaint } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Controls appear in their own colours. When the app ran on Preact's compatibility layer, a
 * component's styles once arrived after its element (a layout effect), so a control that mounted beside
 * a text field measuring itself was first styled by the browser and then animated by MUI's transitions
 * into the theme's colours: the "Post comment" button faded in from grey. React DOM inserts styles
 * before the elements that use them; this keeps it so.
 */
test.use({ signedInAs: demoAccounts.trial });

test('the comment composer mounts with its button already in the theme colours: nothing animates into place', async ({ page }) => {
  await page.addInitScript(() => {
    const runs: string[] = [];
    (window as unknown as { transitionsRun: string[] }).transitionsRun = runs;
    document.addEventListener(
      'transitionrun',
      (event) => runs.push(`${(event.target as Element).textContent?.trim().slice(0, 40)}: ${(event as TransitionEvent).propertyName}`),
      true,
    );
  });
  await page.goto(await demoDiscussionPath(page, 'Home blood pressure readings: morning or evening?'));
  const post = page.getByRole('button', { name: 'Post comment' });
  await expect(post).toBeVisible();
  // Two frames after it shows: any transition its first styling set off has started by then.
  await afterNextPaint(page);
  const runs = await page.evaluate(() => (window as unknown as { transitionsRun: string[] }).transitionsRun);
  expect(runs.filter((run) => run.startsWith('Post comment'))).toEqual([]);
  await expect(post).toHaveCSS('background-color', 'rgb(15, 118, 110)');
});
