import { CacheProvider } from '@emotion/react';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { createStyleCache } from './app/style-cache';
import { startAnalytics } from './lib/analytics';
import { setAuthStatus } from './lib/auth-status';
import { startErrorReporting } from './lib/error-reporting';
import { isNativePlatform } from './lib/native/platform';
import { queryClient } from './lib/query-client';
import { readEmbeddedData, SERVER_RENDERED_ATTRIBUTE } from './ssr/embedded-data';
import { takeBackRefusals } from './ssr/embedded-refusals';
import { resolveLazyRoutes } from './ssr/hydrate-routes';
import { captureFocus, replayBeforeHydration } from './ssr/replay-before-hydration';

// Sentry loads in the background, and only with a DSN; analytics flush when the page is hidden.
void startErrorReporting();
startAnalytics();

const container = document.getElementById('root');
/** Made before hydrating: it takes the server's style elements over, so nothing is inserted twice. */
const styleCache = createStyleCache();
if (!container) throw new Error('index.html has no #root element');

/**
 * Renders nothing (so no element of the server's HTML is claimed by it) and tells when the root has
 * committed: its effect runs after the hydrated tree's. Then the embedded refusals are let go
 * (ssr/embedded-refusals.ts) and what the person did before hydration is replayed
 * (ssr/replay-before-hydration.ts), after React's own work, once.
 */
function WhenHydrated({ restoreFocus, releaseRefusals }: { restoreFocus: () => void; releaseRefusals: () => void }) {
  useEffect(() => {
    releaseRefusals();
    void Promise.resolve().then(() => replayBeforeHydration(window, { restoreFocus }));
  }, [restoreFocus, releaseRefusals]);
  return null;
}

/**
 * A page the server rendered (entry-server.tsx) is hydrated with the data it was rendered from; any
 * other (the service worker's offline copy, the Android app's local files, a page the server left to
 * the client) renders here as before.
 */
async function start() {
  const embedded = container!.hasAttribute(SERVER_RENDERED_ATTRIBUTE) ? readEmbeddedData() : null;
  if (!embedded) {
    // Nothing of the server's to take over: the inline script's record has nothing React missed.
    void replayBeforeHydration();
    const router = createBrowserRouter(routes);
    createRoot(container!).render(
      <StrictMode>
        <CacheProvider value={styleCache}>
          <AppProvider>
            <RouterProvider router={router} />
          </AppProvider>
        </CacheProvider>
      </StrictMode>,
    );
    return router;
  }
  const refusals = takeBackRefusals(queryClient, embedded.queries);
  hydrate(queryClient, refusals.state);
  if (embedded.authStatus !== 'unknown') setAuthStatus(embedded.authStatus);
  await resolveLazyRoutes(routes, window.location);
  const router = createBrowserRouter(routes, { hydrationData: embedded.router });
  // Where the person's focus and caret are now, before React and the replay touch the fields.
  const restoreFocus = captureFocus(document);
  hydrateRoot(
    container!,
    <StrictMode>
      <CacheProvider value={styleCache}>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </CacheProvider>
      <WhenHydrated restoreFocus={restoreFocus} releaseRefusals={refusals.release} />
    </StrictMode>,
    // A mismatch between the server's HTML and the client's first render is a bug: say so plainly (the
    // browser tests fail on it, e2e/support/test.ts).
    { onRecoverableError: (error) => console.error('Hydration error:', error) },
  );
  return router;
}

const started = start();

// The Android shell ships its files inside the app, so it needs no service worker; it needs push.
if (isNativePlatform()) {
  void Promise.all([started, import('./lib/native/start-native')]).then(([router, { startNative }]) =>
    startNative({ navigate: (path) => router.navigate(path) }),
  );
} else {
  // Nothing on screen needs it: fetched a few seconds after the load event, behind the first page.
  const register = () =>
    setTimeout(() => void import('./lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker()), 3000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
