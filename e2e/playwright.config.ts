import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../bench/lib/chromium';

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './specs',
  outputDir: './.artifacts/results',
  // Each spec file starts its own server on its own data folder (see fixtures/server.ts); one worker
  // keeps the 2-core machine from running several servers and browsers at once.
  workers: 1,
  fullyParallel: false,
  // No retries, and a test that passes only on a retry (`--retries` on the command line) still fails the run:
  // a spec that passes only sometimes is a bug to fix, not to hide.
  retries: 0,
  failOnFlakyTests: true,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './.artifacts/report', open: 'never' }]],
  use: {
    // Debian's Chromium, never a browser downloaded by Playwright.
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
