/**
 * What the server does for each first view: `npm run bench:first-view` (needs `npm run build`).
 *
 * Starts the real server (demo data, PGlite in a temporary folder), signs in as the demo leader and
 * asks for every page a person can arrive on as a browser's navigation, one at a time (no load), and
 * prints for each: how many renders the server needed (its Server-Timing header: a page whose routes
 * declare their data renders once, apps/web/src/lib/first-view-data.ts), the answer's median time, the
 * HTML's size as it is and brotli-compressed as the server sends it, the part that is styles, and where
 * the page's heading starts. A page left to the client (no server rendering) is said so.
 *
 * Exits 1 when a page is not server-rendered or renders more than once, so a page that forgot to
 * declare its data shows. Env: BENCH_FIRST_VIEW_RUNS (15), WEB_DIST_DIR (the built web app; apps/web/dist).
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants } from 'node:zlib';
import { runBench } from './lib/bench-run';
import { request } from './lib/http';
import { median } from './lib/phone-profile';
import { startWinkServer } from './lib/servers';
import { signIn } from './lib/wink-session';

const RUNS = Math.max(1, Number(process.env.BENCH_FIRST_VIEW_RUNS ?? 15) || 15);
/** Migraine Disorders: a real descriptor of the demo vocabulary with demo articles on it. */
const TOPIC_UI = 'D008881';

interface FirstView {
  route: string;
  renders: string;
  ms: number;
  kb: number;
  brotliKb: number;
  stylesKb: number;
  headingAt: number;
}

type Api = <T>(method: 'GET' | 'POST', path: string, body?: object) => Promise<T>;

function apiAs(baseUrl: string, cookie: string, xsrf: string): Api {
  return async <T>(method: 'GET' | 'POST', path: string, body?: object) => {
    const res = await request(`${baseUrl}/api${path}`, {
      method,
      headers: { cookie, accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} /api${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
    return JSON.parse(res.body) as T;
  };
}

/** Every route a person can arrive on, with real ids from the demo data (a collection is made and shared for it). */
async function entryRoutes(api: Api): Promise<{ label: string; route: string; signedIn: boolean }[]> {
  const me = await api<{ data: { sid: string } }>('GET', '/user');
  const discussion = (await api<{ data: { id: string }[] }>('GET', '/discussions')).data[0];
  if (!discussion) throw new Error('The demo data has no discussion');
  const comment = (await api<{ data: { id: string }[] }>('GET', `/discussions/${discussion.id}/comments`)).data[0];
  const articles = (await api<{ data: { id: string }[] }>('GET', '/search?q=heart')).data;
  const collection = (await api<{ data: { id: string } }>('POST', '/collections', { name: 'Reading for the visit' })).data;
  for (const article of articles.slice(0, 5)) await api('POST', `/collections/${collection.id}/items`, { article_id: article.id });
  const shared = (await api<{ data: { share_hash: string } }>('POST', `/collections/${collection.id}/share`)).data;
  const id = discussion.id;
  const signedIn = (label: string, route: string) => ({ label, route, signedIn: true });
  return [
    { label: '/sign-in (guest)', route: '/sign-in', signedIn: false },
    { label: '/register (guest)', route: '/register', signedIn: false },
    { label: '/shared/{hash} (guest)', route: `/shared/${shared.share_hash}`, signedIn: false },
    signedIn('/search', '/search'),
    signedIn('/search?q={a question}', '/search?q=sore%20throat%20that%20wont%20go%20away'),
    signedIn('/search?q={words}&qd=1', '/search?q=blood%20pressure&qd=1'),
    signedIn('/discussions', '/discussions'),
    signedIn('/discussions/{id}', `/discussions/${id}`),
    ...(comment ? [signedIn('/discussions/{id}/comments/{id}', `/discussions/${id}/comments/${comment.id}`)] : []),
    signedIn('/discussions/{id}/members', `/discussions/${id}/members`),
    signedIn('/collections', '/collections'),
    signedIn('/collections/{id}', `/collections/${collection.id}`),
    signedIn('/collections/draft', '/collections/draft'),
    signedIn('/shared/{hash}', `/shared/${shared.share_hash}`),
    signedIn('/notifications', '/notifications'),
    signedIn('/topics/{ui}', `/topics/${TOPIC_UI}`),
    signedIn('/user-profile/{sid}/discussions', `/user-profile/${me.data.sid}/discussions`),
    signedIn('/user-profile/{sid}/replies', `/user-profile/${me.data.sid}/replies`),
    signedIn('/user-profile/{sid}/upvotes', `/user-profile/${me.data.sid}/upvotes`),
    signedIn('/user-profile/{sid}/followings', `/user-profile/${me.data.sid}/followings`),
    signedIn('/user/account', '/user/account'),
    signedIn('/user/subscription', '/user/subscription'),
    signedIn('/user/blocked-users', '/user/blocked-users'),
    signedIn('/user/settings', '/user/settings'),
    signedIn('/about-app', '/about-app'),
  ];
}

async function measure(baseUrl: string, route: string, cookie: string): Promise<FirstView> {
  const times: number[] = [];
  let last = { html: '', timing: '' };
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const res = await request(`${baseUrl}${route}`, { headers: { cookie, accept: 'text/html' } });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`GET ${route} answered ${res.status}`);
    last = { html: res.body, timing: String(res.headers['server-timing'] ?? '') };
  }
  const { html, timing } = last;
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, match) => sum + (match[1]?.length ?? 0), 0);
  const brotli = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  return {
    route,
    renders: /desc="([^"]+)"/.exec(timing)?.[1] ?? 'client-rendered',
    ms: median(times),
    kb: Buffer.byteLength(html) / 1024,
    brotliKb: brotli / 1024,
    stylesKb: styles / 1024,
    headingAt: html.search(/<h1[\s>]/),
  };
}

async function main(): Promise<number> {
  const server = await startWinkServer(process.env.WEB_DIST_DIR ? { env: { WEB_DIST_DIR: process.env.WEB_DIST_DIR } } : {});
  try {
    const session = await signIn(server.baseUrl);
    const cookie = `wink_session=${session.session}; XSRF-TOKEN=${session.xsrf}`;
    const routes = await entryRoutes(apiAs(server.baseUrl, cookie, decodeURIComponent(session.xsrf)));
    console.log(`First views, one at a time, median of ${RUNS} (demo data, embedded database):`);
    console.log(
      `  ${'page'.padEnd(36)} ${'renders'.padEnd(16)} ${'ms'.padStart(6)} ${'HTML KB'.padStart(8)} ${'brotli'.padStart(7)} ${'styles'.padStart(7)} ${'<h1 at'.padStart(7)}`,
    );
    let failed = false;
    for (const { label, route, signedIn } of routes) {
      const view = await measure(server.baseUrl, route, signedIn ? cookie : '');
      const once = view.renders === '1 render';
      failed ||= !once;
      console.log(
        `  ${label.padEnd(36)} ${view.renders.padEnd(16)} ${view.ms.toFixed(1).padStart(6)} ${view.kb.toFixed(1).padStart(8)} ${view.brotliKb.toFixed(1).padStart(7)} ${view.stylesKb.toFixed(1).padStart(7)} ${String(view.headingAt).padStart(7)}${once ? '' : '  !'}`,
      );
    }
    console.log('(! marks a page that rendered more than once or was left to the client)');
    return failed ? 1 : 0;
  } finally {
    await server.stop();
  }
}

runBench(main);
