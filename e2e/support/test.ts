import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { test as serverTest } from '../fixtures/server';
import { signedInState, type Account } from './accounts';

interface SessionOptions {
  /**
   * Who the browser context is signed in as when the test starts (`test.use({ signedInAs })`);
   * undefined for a guest. The session is shared by the spec file's tests (see signedInState).
   */
  signedInAs: Account | undefined;
  /**
   * Whether a full page load (goto, reload) waits until React has taken over the page's controls (the
   * default: tests then type into live fields). `test.use({ waitForReact: false })` for a spec about the
   * page before hydration, which holds the app's scripts back itself.
   */
  waitForReact: boolean;
}

/**
 * What React says when the page the server rendered and the client's first render differ: the app's
 * own report (main.tsx, onRecoverableError) and React's production error codes for a mismatch
 * (418 text, 419/423 a boundary re-rendered on the client, 425 hydration of text).
 */
const HYDRATION_PROBLEM = /Hydration error|hydrat(ion|ed|ing).*(mismatch|didn't match|failed)|Minified React error #(418|419|423|425)/i;

function hydrationProblem(message: ConsoleMessage | Error): string | null {
  const text = message instanceof Error ? message.message : message.text();
  if (!(message instanceof Error) && message.type() !== 'error' && message.type() !== 'warning') return null;
  return HYDRATION_PROBLEM.test(text) ? text : null;
}

/** Fails the test when any page of it reported a hydration problem, so a mismatch never passes unseen. */
function watchHydration(page: Page, problems: string[]) {
  page.on('console', (message) => {
    const problem = hydrationProblem(message);
    if (problem) problems.push(`${page.url()}: ${problem}`);
  });
  page.on('pageerror', (error) => {
    const problem = hydrationProblem(error);
    if (problem) problems.push(`${page.url()}: ${problem}`);
  });
}

/**
 * Whether React has taken over every control of the page: it sets its props on each element it
 * hydrates. Until then a server-rendered form shows but is not live, and what is typed into a
 * controlled field before hydration is replaced by the field's state when React takes over.
 */
const controlsAreLive = () =>
  // Pages outside the app (the e-mail unsubscribe page) have no #root and nothing for React to take over.
  !document.getElementById('root') ||
  Array.from(document.querySelectorAll('input, textarea, button, [role="combobox"]')).every((element) =>
    Object.keys(element).some((key) => key.startsWith('__reactProps$')),
  );

/** Contexts of tests that opted out of waiting for React (`waitForReact: false`). */
const unwaitedContexts = new WeakSet<BrowserContext>();
/** Pages whose loads already wait (a page can be seen by both the browser's and the context's hook). */
const waitingPages = new WeakSet<Page>();

/** A full page load (goto, reload) resolves once the page's controls are live, as a person waits to type. */
function waitForLiveControls(page: Page) {
  if (unwaitedContexts.has(page.context()) || waitingPages.has(page)) return;
  // Without JavaScript the server's page is all there is: nothing to wait for (the context's options
  // are not public API).
  const options = (page.context() as unknown as { _options?: { javaScriptEnabled?: boolean } })._options;
  if (options?.javaScriptEnabled === false) return;
  waitingPages.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await page.waitForFunction(controlsAreLive);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await page.waitForFunction(controlsAreLive);
    return response;
  };
}

/** The server fixture, plus contexts that start signed in when a describe block asks for it. */
export const test = serverTest.extend<SessionOptions, { browser: Browser }>({
  // Contexts a spec opens itself (several people at once) load pages the same way.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        context.on('page', waitForLiveControls);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  signedInAs: [undefined, { option: true }],
  waitForReact: [true, { option: true }],
  storageState: async ({ signedInAs, server, storageState }, use) => {
    await use(signedInAs ? await signedInState(server.baseURL, signedInAs) : storageState);
  },
  context: async ({ context, waitForReact }, use) => {
    if (!waitForReact) unwaitedContexts.add(context);
    const problems: string[] = [];
    const watch = (page: Page) => {
      watchHydration(page, problems);
      waitForLiveControls(page);
    };
    for (const page of context.pages()) watch(page);
    context.on('page', watch);
    await use(context);
    if (problems.length > 0) throw new Error(`Hydration raised a warning:\n${problems.join('\n')}`);
  },
});

export { expect } from '@playwright/test';
