/**
 * Web first-view benchmark: `npm run bench:web` (builds the web app first).
 *
 * Starts the real server (demo data, PGlite in a temporary folder) serving the built app, drives
 * Debian's Chromium, and reports for every page a person can arrive on (entryPages):
 *   - on a phone (bench/lib/phone-profile.ts: CPU slowed 4x, Slow 4G, every load cold), the median time
 *     until the page's heading is painted and until the page responds to input (hydrated), each as a
 *     ratio to a static one-heading page loaded the same way in the same run, so the ratio holds on a
 *     noisy machine. Aims (docs/design.md, "First view from the server"): heading within 2x, responding within 4x.
 *   - the gzipped JavaScript the browser fetched before the page responded (entry, layout and page
 *     chunks, and what a page starts fetching beside its data), as the server sends it (the build's
 *     Zopfli .gz files) and with plain gzip -9. Reported, not held to a budget.
 *   - its cumulative layout shift from navigation until the network is quiet: budget 0.05.
 *
 * Exits 1 when a page's layout shifts 0.05 or more or something is broken, so CI can hold the line.
 * Env: BENCH_WEB_RUNS (5), BENCH_WEB_FILES=0 (totals only, without each page's chunks),
 * BENCH_WEB_DIST (a built app to measure instead of apps/web/dist, e.g. an earlier build kept aside).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { installCleanup, runCleanup } from './lib/cleanup';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { coldLoad, CPU_THROTTLE, HEADING, median, PAGE_PROBE, SLOW_4G, startStaticPage, type PageTiming } from './lib/phone-profile';
import { startWinkServer } from './lib/servers';
import { DEMO_LOGIN } from './lib/wink-session';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const CLS_BUDGET = 0.05;
const HEADING_AIM = 2;
const RESPONDING_AIM = 4;
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5) || 5);
/** Migraine Disorders: a real descriptor of the demo vocabulary with demo articles on it. */
const TOPIC_UI = 'D008881';

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
 * Scripts the page asked for before it responded, read from the page's own clock (resource timing
 * against the probe), weighed as the server sends them; and its layout shift once it settles.
 */
async function weighPage(browser: Browser, baseUrl: string, { label, route, signedIn }: EntryPage): Promise<PageWeight> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (signedIn) await signIn(context, baseUrl);
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${route}`);
    await page.locator(HEADING).first().waitFor();
    if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended on ${page.url()}: is the sign-in or guard working?`);
    await page.waitForFunction(() => (globalThis as unknown as { __responding?: number }).__responding !== undefined);
    const scripts = await page.evaluate(() => {
      const respondingAt = (globalThis as unknown as { __responding: number }).__responding;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= respondingAt)
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

interface PhoneFigures {
  page: EntryPage;
  heading: number;
  responding: number;
}

/**
 * RUNS rounds; each loads the static page, then every entry page, all cold on the phone profile, so the
 * reference and the pages see the same machine load. Medians per page.
 */
async function measureOnPhone(
  browser: Browser,
  baseUrl: string,
  pages: EntryPage[],
): Promise<{ baseline: PageTiming; pages: PhoneFigures[] }> {
  const reference = await startStaticPage();
  try {
    const baseline: PageTiming[] = [];
    const timings = new Map<EntryPage, PageTiming[]>(pages.map((page) => [page, []]));
    for (let round = 0; round < RUNS; round += 1) {
      baseline.push(await coldLoad(browser, reference.url));
      for (const page of pages) {
        timings.get(page)!.push(await coldLoad(browser, `${baseUrl}${page.route}`, page.signedIn ? (c) => signIn(c, baseUrl) : undefined));
      }
    }
    const medians = (list: PageTiming[]) => ({
      heading: median(list.map((t) => t.heading)),
      responding: median(list.map((t) => t.responding)),
    });
    return { baseline: medians(baseline), pages: pages.map((page) => ({ page, ...medians(timings.get(page)!) })) };
  } finally {
    await reference.close();
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
      // A topic page, reached from a search's MeSH terms or a discussion's tags: Migraine Disorders.
      { label: '/topics/{ui}', route: `/topics/${TOPIC_UI}`, signedIn: true },
    ];
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  installCleanup();
  console.log(`Starting the server (demo data, embedded database) with the app in ${path.relative(ROOT, DIST) || DIST}…`);
  const server = await startWinkServer({ env: { WEB_DIST_DIR: DIST } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = await entryPages(browser, server.baseUrl);
    const weights: PageWeight[] = [];
    for (const entry of pages) weights.push(await weighPage(browser, server.baseUrl, entry));
    let failed = false;
    const names = chunkNames();
    console.log(`\nJavaScript before the page responds, gzipped as served (Zopfli) and with gzip -9; CLS budget ${CLS_BUDGET}:`);
    for (const weight of weights) {
      const pass = weight.cls < CLS_BUDGET;
      failed ||= !pass;
      console.log(
        `  ${weight.page.padEnd(20)} ${kb(weight.served).padStart(9)} ${kb(weight.gzip9).padStart(9)}  CLS ${weight.cls.toFixed(3)}  ${pass ? 'PASS' : 'FAIL'}`,
      );
      if (process.env.BENCH_WEB_FILES === '0') continue;
      for (const file of weight.files) {
        const name = names.get(file.file);
        console.log(`      ${kb(file.served).padStart(9)} ${kb(file.gzip9).padStart(9)}  ${file.file}${name ? `  (${name})` : ''}`);
      }
    }
    const phone = await measureOnPhone(browser, server.baseUrl, pages);
    const { baseline } = phone;
    console.log(
      `\nOn a phone (CPU ${CPU_THROTTLE}x slower, ${SLOW_4G.latency} ms round trip, 1.6 Mbps down, 750 kbps up), cold, median of ${RUNS}; ` +
        `aims: heading within ${HEADING_AIM}x the static page, responding within ${RESPONDING_AIM}x:`,
    );
    console.log(`  ${'page'.padEnd(20)} ${'heading'.padStart(16)} ${'responding'.padStart(16)}`);
    const cell = (ms: number, reference: number, aim: number) =>
      `${ms.toFixed(0).padStart(6)} ms ${(ms / reference).toFixed(1).padStart(4)}x${ms / reference <= aim ? ' ' : '!'}`;
    console.log(
      `  ${'static page'.padEnd(20)} ${baseline.heading.toFixed(0).padStart(6)} ms        ${baseline.responding.toFixed(0).padStart(6)} ms`,
    );
    for (const figures of phone.pages) {
      console.log(
        `  ${figures.page.label.padEnd(20)} ${cell(figures.heading, baseline.heading, HEADING_AIM)} ${cell(figures.responding, baseline.heading, RESPONDING_AIM)}`,
      );
    }
    console.log("  (! marks a figure over its aim; both ratios are to the static page's heading)");
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
