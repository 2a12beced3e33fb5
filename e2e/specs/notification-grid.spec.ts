import { demoAccounts, registeredState, signedInState } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { apiPost, outboxFor } from '../support/http';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { expect, test } from '../support/test';

/** Issue 19, part 5: e-mail off for replies alone, and the server honours it. */
test('turning off e-mail for replies alone: a reply comes in the app only, a new comment still comes by e-mail', async ({
  browser,
  server,
}) => {
  const origin = server.baseURL;
  const rosaContext = await browser.newContext({
    baseURL: origin,
    storageState: await registeredState(origin, { name: 'Rosa Diaz', displayName: 'Rosa' }),
  });
  const rosa = await rosaContext.newPage();
  await rosa.goto('/user/settings');

  const grid = rosa.getByRole('table', { name: 'Notifications by kind and channel' });
  const repliesByEmail = grid.getByRole('checkbox', { name: 'Replies in threads I follow by e-mail' });
  await expect(repliesByEmail).toBeChecked();
  // Web and phone push are off by default: their columns are greyed out until their switches go on.
  await expect(grid.getByRole('checkbox', { name: 'Replies in threads I follow in this browser' })).toBeDisabled();
  await repliesByEmail.click();
  await expect(repliesByEmail).not.toBeChecked();
  await rosa.reload();
  await expect(rosa.getByRole('checkbox', { name: 'Replies in threads I follow by e-mail' })).not.toBeChecked(); // saved on the server
  await expect(rosa.getByRole('checkbox', { name: "New comments in discussions I'm in by e-mail" })).toBeChecked();
  await expectNoSeriousAxeViolations(rosa, 'settings with the notification grid');
  await saveScreenshotsAtWidths(rosa, 'settings-notification-grid');
  // On a phone the grid fits its card: nothing to scroll sideways.
  await rosa.setViewportSize({ width: 390, height: 844 });
  const overflow = await grid.evaluate((table) => table.getBoundingClientRect().right - table.parentElement!.getBoundingClientRect().right);
  expect(overflow).toBeLessThanOrEqual(0);

  // Rosa asks in one discussion and comments in it; Lena replies to her comment there, then comments in another of Rosa's.
  const email = ((await (await rosa.request.get('/api/user')).json()) as { data: { email: string } }).data.email;
  const asked = await apiPost(rosa, 'discussions', { title: 'Stretching before runs', body: 'Does it help?', access_type: 'public' });
  const rosasComment = await apiPost(rosa, `discussions/${asked.data.id}/comments`, { body: 'I stretch for five minutes.' });
  const other = await apiPost(rosa, 'discussions', { title: 'Shoes for flat feet', body: 'Any advice?', access_type: 'public' });
  const lenaContext = await browser.newContext({ baseURL: origin, storageState: await signedInState(origin, demoAccounts.leader) });
  const lena = await lenaContext.newPage();
  await apiPost(lena, `discussions/${asked.data.id}/comments`, {
    body: 'Dynamic stretches work best for me.',
    parent_id: rosasComment.data.id,
  });
  await apiPost(lena, `discussions/${other.data.id}/comments`, { body: 'Arch supports changed everything.' });

  // The comment in the other discussion arrives by e-mail; the reply, delivered before it, did not.
  await expect.poll(async () => (await outboxFor(server.dataDir, email)).map((mail) => mail.subject), { timeout: 20_000 }).toHaveLength(1);
  const [mail] = await outboxFor(server.dataDir, email);
  expect(mail!.text).toContain('Shoes for flat feet');
  expect(mail!.text).not.toContain('Stretching before runs');

  // Both are in the app.
  await rosa.goto('/notifications');
  await expect(rosa.getByText(/replied to a thread you follow in Stretching before runs$/)).toBeVisible();
  await expect(rosa.getByText(/commented in Shoes for flat feet$/)).toBeVisible();
  await lenaContext.close();
  await rosaContext.close();
});
