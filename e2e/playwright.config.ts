import { defineConfig } from '@playwright/test';

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './specs',
  outputDir: './.artifacts/results',
  // Each spec file starts its own server on its own data folder (see fixtures/server.ts); one worker
  // keeps the 2-core machine from running several servers and browsers at once.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './.artifacts/report', open: 'never' }]],
  use: {
    // Debian's Chromium, never a browser downloaded by Playwright.
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
