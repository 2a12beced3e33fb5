/**
 * Web bundle and first-render benchmark: `npm run bench:web` (builds the web app first).
 *
 * Starts the real server (demo data, PGlite in a temporary folder) serving the built app, drives
 * Debian's Chromium, and reports for every page a person can arrive on (entryPages):
 *   - the gzipped JavaScript the browser fetched before the page showed its heading (entry, layout
 *     and page chunks, and what a page starts fetching beside its data, such as its live connection
 *     when the data is slow; chunks requested after the page is on screen, such as analytics, are not
 *     counted). Every page is held to the 150 KB target (TARGET_KB), as
 *     the server sends it (the build's Zopfli .gz files); plain gzip -9 is printed beside it.
 *   - its cumulative layout shift from navigation until the network is quiet (budget 0.05).
 *   - for the search page, a discussion and a topic page, the time to first render (heading in the
 *     DOM, read from the page's own clock) with the CPU throttled 4x, median of RUNS, beside a static page with one
 *     heading served from the same origin under the same throttling, so the ratio holds on a noisy
 *     machine.
 *
 * Exits 1 when a budget is exceeded or something is broken, so CI can hold the line.
 * Env: BENCH_WEB_RUNS (5), BENCH_WEB_FILES=0 (totals only, without each page's chunks).
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
/**
 * What every entry page may weigh, as served (README, "First-render budget"). A page whose heading
 * waits for its data starts nothing else meanwhile: its live connection (2.5 s after mount), the
 * service worker (3 s after load) and a discussion's comments come after the heading.
 */
const TARGET_KB = 150;
const CLS_BUDGET = 0.05;
const CPU_THROTTLE = 4;
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5) || 5);
const HEADING = 'main h1';
/** Migraine Disorders: a real descriptor of the demo vocabulary with demo articles on it. */
const TOPIC_UI = 'D008881';

/**
 * Records, in the page's own clock, when the first heading inside <main> appears, and sums the
 * layout shifts not caused by input (cumulative layout shift, one session window is enough here:
 * nothing moves after the page settles).
 */
const FIRST_RENDER_PROBE = `
  (() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
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
  cls: number;
  files: { file: string; gzip9: number; served: number }[];
  gzip9: number;
  served: number;
}

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

/** Two gzip figures: plain gzip -9, and what the server sends (the build's Zopfli .gz, or gzip -9 when there is none). */
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
async function weighPage(browser: Browser, baseUrl: string, { label, route, signedIn }: EntryPage): Promise<PageWeight> {
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
    // Whatever arrives after the heading (lists, counts, images) may still move it: CLS once it settles.
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
    const files = [...new Set(scripts)].map((file) => ({ file, ...gzipSizes(file) }));
    const sum = (pick: (f: (typeof files)[number]) => number) => files.reduce((total, f) => total + pick(f), 0);
    return { page: label, cls, files, gzip9: sum((f) => f.gzip9), served: sum((f) => f.served) };
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

interface EntryPage {
  label: string;
  route: string;
  signedIn: boolean;
}

/**
 * The demo leader's discussion to open and a shared collection link: the demo data has discussions
 * but no shared collection, so the leader shares one made from the first search results.
 */
async function entryPages(browser: Browser, baseUrl: string): Promise<EntryPage[]> {
  const context = await browser.newContext();
  try {
    await signIn(context, baseUrl);
    const xsrf = decodeURIComponent((await context.cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const api = async <T>(method: 'GET' | 'POST', url: string, data?: object): Promise<T> => {
      const res = await context.request.fetch(`${baseUrl}/api${url}`, {
        method,
        headers: { 'x-xsrf-token': xsrf, accept: 'application/json' },
        data,
      });
      if (!res.ok()) throw new Error(`${method} /api${url} answered ${res.status()}: ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as T;
    };
    const discussions = await api<{ data: { id: string }[] }>('GET', '/discussions');
    const discussion = discussions.data[0];
    if (!discussion) throw new Error('The demo data has no discussion to open');
    const articles = await api<{ data: { id: string }[] }>('GET', '/search?q=heart');
    const collection = await api<{ data: { id: string } }>('POST', '/collections', { name: 'Reading for the visit' });
    for (const article of articles.data.slice(0, 5)) {
      await api('POST', `/collections/${collection.data.id}/items`, { article_id: article.id });
    }
    const shared = await api<{ data: { share_hash: string } }>('POST', `/collections/${collection.data.id}/share`);
    const sharedPath = `/shared/${shared.data.share_hash}`;
    return [
      { label: '/sign-in', route: '/sign-in', signedIn: false },
      { label: '/register', route: '/register', signedIn: false },
      { label: '/search', route: '/search', signedIn: true },
      { label: '/discussions', route: '/discussions', signedIn: true },
      { label: '/discussions/{id}', route: `/discussions/${discussion.id}`, signedIn: true },
      { label: '/collections', route: '/collections', signedIn: true },
      { label: '/shared/{hash}', route: sharedPath, signedIn: false },
      { label: '/shared/{hash} (in)', route: sharedPath, signedIn: true },
      { label: '/notifications', route: '/notifications', signedIn: true },
      // A topic page (issue 19), reached from a search's MeSH terms or a discussion's tags: Migraine Disorders.
      { label: '/topics/{ui}', route: `/topics/${TOPIC_UI}`, signedIn: true },
    ];
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  installCleanup();
  console.log('Starting the server (demo data, embedded database)…');
  const server = await startWinkServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = await entryPages(browser, server.baseUrl);
    const weights: PageWeight[] = [];
    for (const entry of pages) weights.push(await weighPage(browser, server.baseUrl, entry));
    let failed = false;
    const names = chunkNames();
    console.log(
      `\nJavaScript before first render, gzipped as served (Zopfli) and with gzip -9; budget per page as served ${TARGET_KB} KB; CLS budget ${CLS_BUDGET}:`,
    );
    for (const weight of weights) {
      const pass = weight.served <= TARGET_KB * 1024 && weight.cls < CLS_BUDGET;
      failed ||= !pass;
      const room =
        weight.served <= TARGET_KB * 1024
          ? `${kb(TARGET_KB * 1024 - weight.served)} to spare`
          : `${kb(weight.served - TARGET_KB * 1024)} over`;
      console.log(
        `  ${weight.page.padEnd(20)} ${kb(weight.served).padStart(9)} ${kb(weight.gzip9).padStart(9)}  CLS ${weight.cls.toFixed(3)}  ${pass ? 'PASS' : 'FAIL'}  (${room})`,
      );
      if (process.env.BENCH_WEB_FILES === '0') continue;
      for (const file of weight.files) {
        const name = names.get(file.file);
        console.log(`      ${kb(file.served).padStart(9)} ${kb(file.gzip9).padStart(9)}  ${file.file}${name ? `  (${name})` : ''}`);
      }
    }
    for (const entry of pages.filter((p) => ['/search', '/discussions/{id}', '/topics/{ui}'].includes(p.label))) {
      const render = await measureFirstRender(browser, server.baseUrl, entry.route);
      console.log(`\nFirst render of ${entry.label}, CPU throttled ${CPU_THROTTLE}x, median of ${RUNS} (HTTP cache warm):`);
      console.log(`  ${entry.label.padEnd(21)} ${render.app.toFixed(0).padStart(6)} ms`);
      console.log(`  static heading page   ${render.baseline.toFixed(0).padStart(6)} ms`);
      console.log(`  ratio                 ${(render.app / render.baseline).toFixed(1).padStart(6)} x`);
    }
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
