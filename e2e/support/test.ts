import { test as serverTest } from '../fixtures/server';
import { signedInState, type Account } from './accounts';

interface SessionOptions {
  /**
   * Who the browser context is signed in as when the test starts (`test.use({ signedInAs })`);
   * undefined for a guest. The session is shared by the spec file's tests (see signedInState).
   */
  signedInAs: Account | undefined;
}

/** The server fixture, plus contexts that start signed in when a describe block asks for it. */
export const test = serverTest.extend<SessionOptions>({
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs, server, storageState }, use) => {
    await use(signedInAs ? await signedInState(server.baseURL, signedInAs) : storageState);
  },
});

export { expect } from '@playwright/test';
