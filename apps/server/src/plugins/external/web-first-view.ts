import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the web app's server build exports (apps/web/src/entry-server.tsx), as far as this module uses it. */
interface ServerEntry {
  renderPage(request: {
    url: string;
    fetch: typeof fetch;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; html: string; styles: string; data: string; modules: string[]; renders: number; ms: number }
    | { kind: 'client'; reason: string; error?: unknown }
  >;
  warmUp(): Promise<void>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Kept in step with apps/web/src/ssr/embedded-data.ts. */
const EMBEDDED_DATA_ID = 'wink-first-view';
const ROOT_ELEMENT = '<div id="root"></div>';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The page compressed for the browser that asked (brotli, else gzip, else as it is). A first view is
 * mostly Emotion's styles (about 40 KB for a sign-in page) and compresses about five times: on a slow
 * network that is most of the time before the heading paints. Quality 5 takes a millisecond or two.
 */
async function encodedFor(html: string, acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: 'br' | 'gzip' }> {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    return {
      body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      encoding: 'br',
    };
  }
  if (/\bgzip\b/.test(accepted)) return { body: await gzipped(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}

/** The set-cookie headers of one answer, as a list. */
function setCookieList(value: string | string[] | number | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * The page's chunks and everything they import statically, from the client build's manifest, so the
 * browser fetches them in one round beside the entry instead of discovering them one import at a time.
 */
function chunkFiles(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...files];
}

/**
 * Server-rendered first views (docs/design.md, "First view from the server"): a browser's navigation gets the page as React
 * renders it for that person, its styles, the data it was rendered from and preload links for its
 * chunks, inside the built index.html. The page's data comes from this server's own API through
 * `app.inject` with the navigation's cookies, so it holds exactly what the API would show that person.
 * Without the server build (apps/web/dist-server, `npm run build`), or when rendering fails, the
 * caller sends index.html and the client renders the page as before.
 */
export function webFirstView(app: FastifyInstance, distDir: string, template: string) {
  const entryFile = path.join(path.dirname(distDir), 'dist-server', 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  let entry: Promise<ServerEntry> | null = null;
  const load = () => (entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>);
  // Once the server listens: the renderer and every page's modules are loaded, then one page (sign-in,
  // as a guest) is rendered, so the first person after a start is not the one who waits for all that
  // to be read and compiled (about 300 ms on the first page, 25 ms after).
  app.addHook('onListen', async () => {
    void load()
      .then((server) => server.warmUp())
      .then(() => app.inject({ method: 'GET', url: '/sign-in', headers: { accept: 'text/html' } }))
      .catch((error: unknown) => app.log.warn({ err: error }, 'The first-view renderer could not be warmed up'));
  });
  const preloadedByTemplate = new Set([...template.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));

  /** The API as the person who navigated: their cookies and address; cookies the API sets go back to them. */
  function apiFetchFor(req: FastifyRequest, setCookies: string[]): typeof fetch {
    return async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const answer = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: {
          ...headers,
          ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
          ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
        },
        remoteAddress: req.ip,
      });
      setCookies.push(...setCookieList(answer.headers['set-cookie']));
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (name !== 'set-cookie' && value !== undefined) responseHeaders.set(name, String(value));
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
    };
  }

  function document(result: { html: string; styles: string; data: string; modules: string[] }): string {
    const preloads = chunkFiles(manifest, result.modules)
      .filter((file) => !preloadedByTemplate.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    return template
      .replace('</head>', () => `${preloads}${result.styles}</head>`)
      .replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root" data-server-rendered>${result.html}</div><script type="application/json" id="${EMBEDDED_DATA_ID}">${result.data}</script>`,
      );
  }

  /** Answers the navigation with its server-rendered page or redirect; false when the client should render it. */
  return async function sendFirstView(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const setCookies: string[] = [];
    const { renderPage } = await load();
    const result = await renderPage({ url: `${req.protocol}://${req.host}${req.url}`, fetch: apiFetchFor(req, setCookies) });
    if (result.kind === 'client') {
      // A page that throws while rendering on the server is a bug to see; a guard's or loader's failure is not.
      if (result.error) req.log.warn({ err: result.error }, `First view left to the client: ${result.reason}`);
      else req.log.debug({ reason: result.reason }, 'First view left to the client');
      return false;
    }
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    // The page is one person's: never kept by a browser cache or a proxy for anyone else.
    reply.header('cache-control', 'private, no-store');
    if (result.kind === 'redirect') {
      await reply.redirect(result.location, result.status);
      return true;
    }
    const { body, encoding } = await encodedFor(document(result), req.headers['accept-encoding']);
    // How the first view was made, for the browser's developer tools and the benchmarks: a page whose
    // routes declare their data renders once (apps/web/src/lib/first-view-data.ts).
    reply.header(
      'server-timing',
      `first-view;dur=${result.ms.toFixed(1)};desc="${result.renders === 1 ? '1 render' : `${result.renders} renders`}"`,
    );
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.type('text/html; charset=utf-8').send(body);
    return true;
  };
}
