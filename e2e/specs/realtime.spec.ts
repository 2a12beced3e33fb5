import type { Browser, Page } from '@playwright/test';
import { demoAccounts, signedInState, type Account } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { saveScreenshotsAtWidths } from '../support/screenshots';
import { apiPost } from '../support/http';
import { expect, test } from '../support/test';

/** A person in a browser context of their own, signed in over HTTP. */
async function personAs(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await signedInState(baseURL, account) });
  return context.newPage();
}

/** Resolves once the page's socket has had a discussion subscription accepted by the server. */
function subscriptionAccepted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).includes('"ok":true') && resolve()));
  });
}

const comment = (page: Page, author: string) => page.getByRole('article', { name: `Comment by ${author}` });
const badge = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /^Notifications/ });

test.describe('real time between two people', () => {
  test('a comment reaches the owner at once: on the open discussion, on the badge and in the notifications', async ({
    browser,
    server,
  }) => {
    const tess = await personAs(browser, server.baseURL, demoAccounts.trial);
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);
    await tess.goto('/discussions');
    const discussion = await apiPost(tess, 'discussions', {
      title: 'Morning walks and blood sugar',
      body: 'Does a walk before breakfast change your readings?',
      access_type: 'public',
    });
    const url = `/discussions/${discussion.data.id}`;

    // Tess has her discussion open; a flag on the window shows the page is never reloaded.
    const subscribed = subscriptionAccepted(tess);
    await tess.goto(url);
    await tess.evaluate(() => ((window as { neverReloaded?: boolean }).neverReloaded = true));
    await expect(tess.getByRole('heading', { level: 1, name: 'Morning walks and blood sugar' })).toBeVisible();
    await subscribed;
    await expect(badge(tess)).toHaveAccessibleName('Notifications');

    // Lena comments from her own browser.
    await lena.goto(url);
    await lena.getByRole('textbox', { name: 'Your comment' }).fill('Twenty minutes before breakfast lowered mine a little.');
    await lena.getByRole('button', { name: 'Post comment' }).click();
    await expect(comment(lena, 'Lena')).toContainText('Twenty minutes before breakfast');

    // Tess sees it appear, the count move and her badge light up, without touching anything.
    await expect(comment(tess, 'Lena')).toContainText('Twenty minutes before breakfast');
    await expect(tess.getByRole('heading', { name: '1 comment' })).toBeVisible();
    await expect(badge(tess)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(tess.getByRole('status').filter({ hasText: 'New comment from Lena' })).toBeAttached();
    await saveScreenshotsAtWidths(tess, 'realtime-discussion');
    await expectNoSeriousAxeViolations(tess);

    // On her notifications, a new follower shows up while she looks.
    await badge(tess).click();
    await expect(tess.getByText('Lena commented in Morning walks and blood sugar')).toBeVisible();
    const tessSid = ((await (await tess.request.get('/api/user')).json()) as { data: { sid: string } }).data.sid;
    await apiPost(lena, `users/${tessSid}/follow`);
    await expect(tess.getByText('Lena started following you')).toBeVisible();
    await expect(badge(tess)).toHaveAccessibleName('Notifications, 2 unread');
    await saveScreenshotsAtWidths(tess, 'realtime-notifications');

    // The comment's notification leads to the comment itself.
    await tess.getByText('Lena commented in Morning walks and blood sugar').click();
    await expect(tess).toHaveURL(/\/discussions\/[^/]+\/comments\/[^/]+$/);
    await expect(comment(tess, 'Lena')).toContainText('Twenty minutes before breakfast');
    expect(await tess.evaluate(() => (window as { neverReloaded?: boolean }).neverReloaded)).toBe(true);

    await lena.context().close();
    await tess.context().close();
  });

  test('maintenance closes the socket; afterwards it comes back by itself and fetches what was posted meanwhile', async ({
    browser,
    server,
  }) => {
    const tess = await personAs(browser, server.baseURL, demoAccounts.trial);
    const lena = await personAs(browser, server.baseURL, demoAccounts.leader);
    await tess.goto('/discussions');
    const discussion = await apiPost(tess, 'discussions', {
      title: 'Evening stretches',
      body: 'Before bed or not?',
      access_type: 'public',
    });
    const url = `/discussions/${discussion.data.id}`;
    await apiPost(tess, 'notifications/read-all');

    let subscriptions = 0;
    let closed = 0;
    tess.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => void (String(payload).includes('"ok":true') && (subscriptions += 1)));
      ws.on('close', () => void (closed += 1));
    });
    const commentsFetched: number[] = [];
    tess.on('requestfinished', (request) => request.url().includes(`${url}/comments`) && commentsFetched.push(Date.now()));
    await tess.goto(url);
    await expect.poll(() => subscriptions, { timeout: 15_000 }).toBe(1);

    // The operator takes the servers down: the socket is sent away and told when to come back.
    expect((await server.cli(['down', '--retry=2'])).code).toBe(0);
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(1);
    expect((await server.cli(['up'])).code).toBe(0);
    const back = Date.now();
    await expect.poll(async () => (await lena.request.get('/api/')).status(), { timeout: 10_000 }).toBe(200);
    await apiPost(lena, `discussions/${discussion.data.id}/comments`, { body: 'Before bed, gently, helps me sleep.' });

    // Without a reload: the socket reconnects, subscribes again, and the page refetches its comments.
    await expect.poll(() => subscriptions, { timeout: 30_000 }).toBe(2);
    await expect(comment(tess, 'Lena')).toContainText('Before bed, gently');
    await expect(badge(tess)).toHaveAccessibleName('Notifications, 1 unread');
    expect(commentsFetched.some((at) => at > back)).toBe(true);

    await lena.context().close();
    await tess.context().close();
  });
});
