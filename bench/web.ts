/**
 * Web bundle and first-render benchmark: `npm run bench:web` (builds the web app first).
 *
 * Starts the real server (demo data, PGlite in a temporary folder) serving the built app, drives
 * Debian's Chromium, and reports:
 *   - the gzipped JavaScript the browser fetched before the sign-in page and the search page showed
 *     their heading (entry, layout and page chunks; later lazy chunks such as analytics are not
 *     counted because they are requested after the page is on screen). Budget: 180 KB each, as the
 *     server sends it (the build's Zopfli .gz files); plain gzip -9 is printed beside it.
 *   - the time to first render of the search page (heading in the DOM, read from the page's own
 *     clock) with the CPU throttled 4x, median of RUNS, beside a static page with one heading served
 *     from the same origin under the same throttling, so the ratio holds on a noisy machine.
 *
 * Exits 1 when a budget is exceeded or something is broken, so CI can hold the line.
 * Env: BENCH_WEB_RUNS (5).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { installCleanup, runCleanup } from './lib/cleanup';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { startWinkServer } from './lib/servers';
import { DEMO_LOGIN } from './lib/wink-session';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const BUDGET_KB = 180;
const CPU_THROTTLE = 4;
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5) || 5);
const HEADING = 'main h1';

/** Records, in the page's own clock, when the first heading inside <main> appears. */
const FIRST_RENDER_PROBE = `
  (() => {
    const mark = () => {
      if (window.__firstRender === undefined && document.querySelector(${JSON.stringify(HEADING)})) {
        window.__firstRender = performance.now();
      }
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', mark);
  })();
`;

interface PageWeight {
  page: string;
  files: { file: string; gzip9: number; served: number }[];
  gzip9: number;
  served: number;
}

/** Two gzip figures: plain gzip -9, and what the server sends (the build's Zopfli .gz, or gzip -9 when there is none). */
/**
 * Chunk files are named by their hash only (shorter preload lists in the entry); the build's manifest
 * says which source each one holds, so the listing stays readable.
 */
function chunkNames(): Map<string, string> {
  const file = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(file)) return new Map();
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; name?: string; src?: string }>;
  return new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, chunk.src ?? chunk.name ?? key]));
}

function gzipSizes(urlPath: string): { gzip9: number; served: number } {
  const file = path.join(DIST, urlPath);
  const gzip9 = gzipSync(readFileSync(file), { level: 9 }).length;
  return { gzip9, served: existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzip9 };
}

async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.request.get(`${baseUrl}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
  const res = await context.request.post(`${baseUrl}/login`, {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
    data: DEMO_LOGIN,
  });
  if (res.status() !== 200) throw new Error(`POST /login answered ${res.status()}`);
}

/**
 * Scripts the page asked for before its heading appeared, read from the page's own clock (resource
 * timing against the first-render probe), weighed as the server sends them.
 */
async function weighPage(browser: Browser, baseUrl: string, route: string, signedIn: boolean): Promise<PageWeight> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (signedIn) await signIn(context, baseUrl);
    await context.addInitScript(FIRST_RENDER_PROBE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${route}`);
    await page.locator(HEADING).first().waitFor();
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()}: is the sign-in or guard working?`);
    const scripts = await page.evaluate(() => {
      const renderedAt = (globalThis as unknown as { __firstRender: number }).__firstRender;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= renderedAt)
        .map((entry) => new URL(entry.name).pathname);
    });
    const files = [...new Set(scripts)].map((file) => ({ file, ...gzipSizes(file) }));
    const sum = (pick: (f: (typeof files)[number]) => number) => files.reduce((total, f) => total + pick(f), 0);
    return { page: route, files, gzip9: sum((f) => f.gzip9), served: sum((f) => f.served) };
  } finally {
    await context.close();
  }
}

async function firstRenderMs(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator(HEADING).first().waitFor();
  return page.evaluate(() => (globalThis as unknown as { __firstRender: number }).__firstRender);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median first render of `route` and of a static one-heading page, both throttled, same context. */
async function measureFirstRender(browser: Browser, baseUrl: string, route: string): Promise<{ app: number; baseline: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await signIn(context, baseUrl);
    await context.addInitScript(FIRST_RENDER_PROBE);
    const baselineUrl = `${baseUrl}/__bench-baseline`;
    await context.route(baselineUrl, (r) =>
      r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>baseline</title><main><h1>Baseline</h1></main>' }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await firstRenderMs(page, `${baseUrl}${route}`); // warm the HTTP cache as a returning visitor has it
    const app: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      app.push(await firstRenderMs(page, `${baseUrl}${route}`));
      baseline.push(await firstRenderMs(page, baselineUrl));
    }
    return { app: median(app), baseline: median(baseline) };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<number> {
  installCleanup();
  console.log('Starting the server (demo data, embedded database)…');
  const server = await startWinkServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const weights = [
      await weighPage(browser, server.baseUrl, '/sign-in', false),
      await weighPage(browser, server.baseUrl, '/search', true),
    ];
    let failed = false;
    console.log(`\nJavaScript before first render, gzipped as served (Zopfli) and with gzip -9; budget ${BUDGET_KB} KB as served:`);
    for (const weight of weights) {
      const pass = weight.served <= BUDGET_KB * 1024;
      failed ||= !pass;
      console.log(
        `  ${weight.page.padEnd(10)} ${kb(weight.served).padStart(9)} ${kb(weight.gzip9).padStart(9)}  ${pass ? 'PASS' : 'FAIL'}`,
      );
      const names = chunkNames();
      for (const file of weight.files) {
        const name = names.get(file.file);
        console.log(`      ${kb(file.served).padStart(9)} ${kb(file.gzip9).padStart(9)}  ${file.file}${name ? `  (${name})` : ''}`);
      }
    }
    const render = await measureFirstRender(browser, server.baseUrl, '/search');
    console.log(`\nFirst render of /search, CPU throttled ${CPU_THROTTLE}x, median of ${RUNS} (HTTP cache warm):`);
    console.log(`  /search               ${render.app.toFixed(0).padStart(6)} ms`);
    console.log(`  static heading page   ${render.baseline.toFixed(0).padStart(6)} ms`);
    console.log(`  ratio                 ${(render.app / render.baseline).toFixed(1).padStart(6)} x`);
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
    await runCleanup();
  }
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await runCleanup();
    process.exit(1);
  },
);
