/**
 * Debian's Chromium, never a browser downloaded by Playwright, with the flags this machine needs:
 * no sandbox as root, and no background networking (the network is closed; Chromium would keep
 * trying). Shared by the browser tests and the web benchmark.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
