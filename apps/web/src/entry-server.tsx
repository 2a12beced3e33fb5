/**
 * The first view rendered on the server (docs/design.md, "First view from the server"). The Fastify server imports the server
 * build of this module (dist-server/entry-server.js) and calls `renderPage` for a browser's navigation:
 * the route's guards and loaders run as in the browser, the page renders with React DOM's streaming
 * renderer, and every query it asks for is fetched through the server's own API with the person's
 * cookies, so the HTML holds exactly what the API shows that person. The client hydrates it
 * (main.tsx) from the data embedded beside it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { defaultShouldDehydrateQuery, dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { createStyleCache } from './app/style-cache';
import { appConfig } from './config';
import { planDecisionOf } from './features/subscriptions';
import { firstViewDataOf } from './lib/first-view-data';
import { setRequestScopeSource, type RequestScope } from './lib/request-scope';
import type { MessageArea } from './lib/i18n';
import { scriptSafeJson, type EmbeddedData } from './ssr/embedded-data';
import { plainRefusals } from './ssr/embedded-refusals';
import { sourcesOf } from './ssr/module-sources';

export interface RenderRequest {
  /** The page's absolute URL (origin, path and query). */
  url: string;
  /** Reaches the server's API as the person who asked (their cookies), e.g. through `app.inject`. */
  fetch: typeof fetch;
}

export type RenderResult =
  /** A guard sent the person elsewhere (sign-in with the way back, or home). */
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** The rendered page, to go inside #root. */
      html: string;
      /** Emotion's style elements for exactly the rules the page uses. */
      styles: string;
      /** The embedded data (scriptSafeJson), for a `<script type="application/json">`. */
      data: string;
      /** Source modules (client manifest keys) of the page's chunks, for modulepreload links. */
      modules: string[];
      /** How many times the page rendered (1 when its routes declare all it shows) and how long it all took. */
      renders: number;
      ms: number;
    }
  /** Not rendered here (a route error, a failure while rendering): the client renders it as before. */
  | { kind: 'client'; reason: string; error?: unknown };

/** Pages for one person at a time per render; each has its own scope (lib/request-scope.ts). */
const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeSource(() => scopes.getStore());

const handler = createStaticHandler(routes);

/** Rounds of "render, fetch what the page asked for": a page whose data reveals more data (a discussion, then its comments) takes two or three. */
const MAX_DATA_ROUNDS = 4;
/** A render that takes longer than this is abandoned; the client renders the page instead. */
const RENDER_TIMEOUT_MS = 5_000;
/**
 * Routes left to the client: the admin console (staff only, no first-view concern) and the feedback
 * form, which starts from the page the person came from (document.referrer), known only in the browser.
 */
const CLIENT_ONLY_ROUTES = new Set(['Admin', 'Feedback']);

/**
 * The same defaults as the browser's client (lib/query-client.ts), without its error reactions: nothing
 * is shown from a failure here. A refused query kept for the page (a plan's refusal) renders as the
 * error it is, not as loading again (`retryOnMount`); the browser holds it the same way while hydrating.
 */
function serverQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: appConfig.queryStaleTime, refetchOnWindowFocus: false, retry: false, retryOnMount: false },
      mutations: { retry: false },
    },
  });
}

/** React DOM's streaming renderer, collected once everything (lazy components included) is ready. */
function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failure: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // Every boundary in place, in order: React would otherwise move a large one to the end with an inline
      // script to reveal it, which the content security policy (no inline scripts) blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      // An error anywhere means the client would re-render part of the page (and warn): render it all there.
      onError: (error) => {
        failure ??= error;
      },
    });
    setTimeout(() => stream.abort(new Error('The server rendering took too long')), RENDER_TIMEOUT_MS).unref();
  });
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** A plan's refusal: the page's plan panel, kept and embedded (ssr/embedded-refusals.ts). */
const isPlanRefusal = (query: Query): boolean => query.state.status === 'error' && planDecisionOf(query.state.error) !== null;

/**
 * Drops the queries that failed, plan refusals aside: the page shows them loading, as the client will
 * on hydrating (it fetches them itself). Returns their keys (hashes), so they are not asked for again.
 */
function dropFailed(client: QueryClient): string[] {
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' && !isPlanRefusal(query) });
  for (const query of failed) client.getQueryCache().remove(query);
  return failed.map((query) => query.queryHash);
}

/**
 * The data the matched routes declare for their first view (lib/first-view-data.ts), fetched side by
 * side before the first render, so a page that declares all it shows renders once.
 */
async function fetchDeclaredData(context: StaticHandlerContext, url: URL, client: QueryClient): Promise<string[]> {
  await Promise.all(
    context.matches.map((match) =>
      firstViewDataOf(match.route.Component)?.({ params: match.params, url, queryClient: client }).catch(() => undefined),
    ),
  );
  return dropFailed(client);
}

/**
 * Renders until the page asks for no data it does not have: each round fetches the queries the last
 * render created (enabled, never fetched), then renders again. Queries that failed are dropped, and
 * never fetched twice: a declared query that failed (a link to a removed collection) costs no second
 * request and no second render.
 */
async function renderWithData(
  element: ReactElement,
  client: QueryClient,
  failedBefore: string[],
): Promise<{ html: string; renders: number }> {
  const attempted = new Set(failedBefore);
  let html = await renderToHtml(element);
  let renders = 1;
  for (let round = 0; round < MAX_DATA_ROUNDS; round += 1) {
    const wanted = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && !attempted.has(query.queryHash) && isEnabled(query));
    if (wanted.length === 0) break;
    for (const query of wanted) attempted.add(query.queryHash);
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    dropFailed(client);
    html = await renderToHtml(element);
    renders += 1;
  }
  return { html, renders };
}

function pageModules(context: StaticHandlerContext): string[] {
  const modules = new Set<string>();
  for (const match of context.matches) {
    for (const source of sourcesOf(match.route.Component)) modules.add(source);
    const areas = (match.route.handle as { areas?: MessageArea[] } | undefined)?.areas ?? [];
    for (const area of areas) modules.add(`src/locales/en/${area}.ts`);
  }
  return [...modules];
}

function routeName(context: StaticHandlerContext): string | undefined {
  return context.matches
    .map((match) => (match.route.handle as { name?: string } | undefined)?.name)
    .filter(Boolean)
    .at(-1);
}

async function render(request: RenderRequest, scope: RequestScope): Promise<RenderResult> {
  const started = performance.now();
  const context = await handler.query(new Request(request.url, { headers: { accept: 'text/html' } }));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (context.status >= 300 && context.status < 400 && location) return { kind: 'redirect', status: context.status, location };
    return { kind: 'client', reason: `the route answered ${context.status}` };
  }
  if (context.errors) return { kind: 'client', reason: 'a route loader failed' };
  const name = routeName(context);
  if (name && CLIENT_ONLY_ROUTES.has(name)) return { kind: 'client', reason: `${name} renders on the client` };

  const cache = createStyleCache();
  const emotion = createEmotionServer(cache);
  const router = createStaticRouter(handler.dataRoutes, context);
  const element = (
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>
  );
  const failed = await fetchDeclaredData(context, new URL(request.url), scope.queryClient);
  const { html, renders } = await renderWithData(element, scope.queryClient, failed);
  const data: EmbeddedData = {
    queries: plainRefusals(
      dehydrate(scope.queryClient, {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isPlanRefusal(query),
      }),
    ),
    router: { loaderData: context.loaderData, actionData: null, errors: null },
    authStatus: scope.authStatus,
  };
  return {
    kind: 'page',
    html,
    styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
    data: scriptSafeJson(data),
    modules: pageModules(context),
    renders,
    ms: performance.now() - started,
  };
}

/** The page at `request.url` as the person whose cookies `request.fetch` carries sees it. */
export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const scope: RequestScope = {
    queryClient: serverQueryClient(),
    authStatus: 'unknown',
    fetch: request.fetch,
    origin: new URL(request.url).origin,
  };
  try {
    return await scopes.run(scope, () => render(request, scope));
  } catch (error) {
    return { kind: 'client', reason: 'the page failed to render on the server', error };
  } finally {
    scope.queryClient.clear();
  }
}

/** Every route's lazy modules (pages, layouts, their text), each loaded once and kept by the module cache. */
function lazyRouteModules(list: RouteObject[]): Promise<unknown>[] {
  return list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy().catch(() => undefined)] : []),
    ...lazyRouteModules(route.children ?? []),
  ]);
}

/**
 * Loads every page's modules ahead of the first navigation (the server calls it once it listens), so
 * the first person after a start does not wait for a page's chunks and text to be read and compiled.
 */
export async function warmUp(): Promise<void> {
  await Promise.all(lazyRouteModules(routes));
}
