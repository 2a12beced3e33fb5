/**
 * A phone on a slow mobile network, as the web benchmark loads pages: Chromium's CPU slowed 4x and the
 * Slow 4G profile (150 ms round trip, 1.6 Mbps down, 750 kbps up), every load cold (a new context: no
 * HTTP cache, no open connection).
 *
 * Two moments, read from the page's own clock:
 *   - heading: the first `main h1` is in the document and the page has painted (the later of the two),
 *   - responding: the page answers input. A page the client renders answers as soon as its heading is
 *     there; a page the server rendered answers once React has hydrated it (the heading carries React's
 *     fiber), so the probe polls for that.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from '@playwright/test';

export const CPU_THROTTLE = 4;
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1_000_000) / 8, uploadThroughput: (750 * 1000) / 8 };
export const HEADING = 'main h1';

/**
 * Installed before any of the page's scripts: marks when the heading appears, when it is painted (first
 * contentful paint), when it hydrates, and sums the layout shifts not caused by input (cumulative layout
 * shift, one session window is enough here: nothing moves after the page settles).
 */
export const PAGE_PROBE = `
  (() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    const heading = () => document.querySelector(${JSON.stringify(HEADING)});
    const hydrated = (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    // The heading came inside the server's #root (its start tag is parsed before the heading): the page
    // answers once hydrated. Known when the heading is first seen, which is before DOMContentLoaded.
    const serverRendered = () => Boolean(document.getElementById('root')?.hasAttribute('data-server-rendered'));
    const mark = () => {
      const element = heading();
      if (!element) return;
      if (window.__firstRender === undefined) window.__firstRender = performance.now();
      if (window.__responding === undefined && (!serverRendered() || hydrated(element))) window.__responding = performance.now();
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      const poll = () => {
        mark();
        if (window.__responding === undefined) setTimeout(poll, 10);
      };
      poll();
    });
  })();
`;

export interface PageTiming {
  heading: number;
  responding: number;
}

interface ProbeResults {
  __firstRender?: number;
  __fcp?: number;
  __responding?: number;
}

/** One cold load of `url` on the phone profile. `prepare` signs the context in when the page wants it. */
export async function coldLoad(browser: Browser, url: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<PageTiming> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (prepare) await prepare(context);
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as ProbeResults).__responding !== undefined, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => (globalThis as ProbeResults).__fcp !== undefined, undefined, { timeout: 60_000 });
    const probe = await page.evaluate(() => {
      const { __firstRender, __fcp, __responding } = globalThis as ProbeResults;
      return { __firstRender, __fcp, __responding };
    });
    const heading = Math.max(probe.__firstRender ?? 0, probe.__fcp ?? 0);
    return { heading, responding: Math.max(heading, probe.__responding ?? 0) };
  } finally {
    await context.close();
  }
}

/** The reference: a static page with one heading, served from this machine, loaded the same way. */
export async function startStaticPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = '<!doctype html><html lang="en"><title>Baseline</title><main><h1>Baseline</h1></main></html>';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
