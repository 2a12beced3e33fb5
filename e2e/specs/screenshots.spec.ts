import type { Locator, Page } from '@playwright/test';
import { demoAccounts } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { demoDiscussionPath } from '../support/http';
import { saveScreenshot, viewportFor, WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Every route of docs/product.md at 1280 and 390 px in the light theme, a few in the dark one, each
 * checked with axe at each width. The pictures land in e2e/.artifacts/screenshots for people to
 * look at; the test fails on a page that does not render or has serious accessibility problems.
 */
interface Shot {
  /** File name stem: <name>-<width>.png, or <name>-dark-<width>.png. */
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** What shows once the page has rendered (the wait before axe and the screenshot). */
  ready: (page: Page) => Locator;
  dark?: boolean;
}

const h1 = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name, exact: true });
/** The user area has one h1 ('Your account'); each section has its own h2. */
const userSection = (name: string) => (page: Page) => page.getByRole('heading', { level: 2, name, exact: true });

async function ownProfilePath(page: Page): Promise<string> {
  const response = await page.request.get('/api/user', { headers: { Accept: 'application/json' } });
  const { data } = (await response.json()) as { data: { sid: string } };
  return `/user-profile/${data.sid}/discussions`;
}

/** A demo discussion's page, by its title, with an optional sub-page. */
const discussionPath =
  (title: string, suffix = '') =>
  async (page: Page): Promise<string> =>
    `${await demoDiscussionPath(page, title)}${suffix}`;

async function firstCommentPath(page: Page): Promise<string> {
  const discussion = await discussionPath(PUBLIC_DEMO)(page);
  const response = await page.request.get(`/api${discussion}/comments`, { headers: { Accept: 'application/json' } });
  const { data } = (await response.json()) as { data: { id: string }[] };
  return `${discussion}/comments/${data[0]!.id}`;
}

const PUBLIC_DEMO = 'Home blood pressure readings: morning or evening?';
const INVITE_ONLY_DEMO = 'Migraine support circle';

const guestShots: Shot[] = [
  { name: 'sign-in', path: '/sign-in', ready: h1('Sign in'), dark: true },
  { name: 'register', path: '/register', ready: h1('Create your account') },
  { name: 'forgot-password', path: '/forgot-password', ready: h1('Forgot your password?') },
  { name: 'reset-password', path: '/reset-password/some-token?email=erin%40example.test', ready: h1('Choose a new password') },
  { name: 'shared-collection-guest', path: '/shared/whatever', ready: h1('This shared link does not work') },
  { name: 'not-found', path: '/no/such/page', ready: h1('Page not found'), dark: true },
];

const signedInShots: Shot[] = [
  { name: 'search', path: '/search', ready: h1('Search health articles'), dark: true },
  // A question's part that relates to nothing still finds the rest ("zebra fever" shows fever pages): a word that relates to nothing.
  { name: 'search-no-results', path: '/search?q=cardiomyo', ready: (page) => page.getByText('No articles match yet') },
  { name: 'discussions', path: '/discussions', ready: h1('Discussions'), dark: true },
  { name: 'discussions-create', path: '/discussions/create-discussion', ready: h1('Start a discussion') },
  // The comments and their composer come after the heading and body: the page is whole once the composer is there.
  {
    name: 'discussion',
    path: discussionPath(PUBLIC_DEMO),
    ready: (page) => page.getByRole('button', { name: 'Post comment' }),
    dark: true,
  },
  {
    name: 'discussion-invite-only',
    path: discussionPath(INVITE_ONLY_DEMO),
    ready: (page) => page.getByRole('button', { name: 'Request access' }),
  },
  { name: 'discussion-unavailable', path: '/discussions/1', ready: h1('This discussion does not exist or you cannot see it') },
  { name: 'discussion-members', path: discussionPath(PUBLIC_DEMO, '/members'), ready: h1(PUBLIC_DEMO) },
  { name: 'discussion-comment', path: firstCommentPath, ready: (page) => page.getByRole('link', { name: 'View in discussion' }) },
  { name: 'collections', path: '/collections', ready: h1('Collections') },
  { name: 'collection-draft', path: '/collections/draft', ready: h1('Draft collection') },
  { name: 'collection', path: '/collections/1', ready: h1('This collection does not exist or you cannot see it') },
  { name: 'notifications', path: '/notifications', ready: h1('Notifications') },
  { name: 'user-account', path: '/user/account', ready: userSection('Account'), dark: true },
  {
    name: 'user-subscription',
    path: '/user/subscription',
    ready: (page) => page.getByRole('link', { name: 'Subscribe' }).first(),
    dark: true,
  },
  { name: 'user-blocked-users', path: '/user/blocked-users', ready: (page) => page.getByText("You haven't blocked anyone") },
  { name: 'user-settings', path: '/user/settings', ready: (page) => page.getByRole('switch', { name: 'Newsletter' }) },
  { name: 'feedback', path: '/feedback', ready: h1('Send feedback') },
  { name: 'about-app', path: '/about-app', ready: h1('Wink Health') },
  {
    name: 'user-profile',
    path: ownProfilePath,
    ready: (page) => page.getByRole('link', { name: 'Questions to ask at my first diabetes appointment' }),
  },
  { name: 'shared-collection-signed-in', path: '/shared/whatever', ready: h1('This shared link does not work') },
  { name: 'not-found-signed-in', path: '/no/such/page', ready: h1('Page not found') },
];

async function shoot(page: Page, shot: Shot, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize(viewportFor(WIDTHS[0]));
  await page.goto(typeof shot.path === 'string' ? shot.path : await shot.path(page));
  await expect(page.locator('html')).toHaveClass(scheme);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportFor(width));
    await expect(shot.ready(page)).toBeVisible();
    const label = `${shot.name} (${scheme}, ${width} px)`;
    await expectNoSeriousAxeViolations(page, label);
    await saveScreenshot(page, scheme === 'dark' ? `${shot.name}-dark` : shot.name);
  }
}

function describeShots(shots: Shot[]) {
  for (const shot of shots) {
    test(`${shot.name}`, async ({ page }) => shoot(page, shot, 'light'));
    if (shot.dark) test(`${shot.name}, dark`, async ({ page }) => shoot(page, shot, 'dark'));
  }
}

test.describe('screenshots: guest pages', () => {
  describeShots(guestShots);
});

test.describe('screenshots: signed-in pages', () => {
  test.use({ signedInAs: demoAccounts.trial });
  describeShots(signedInShots);
});
