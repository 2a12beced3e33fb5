import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { startAnalytics } from './lib/analytics';
import { startErrorReporting } from './lib/error-reporting';
import { isNativePlatform } from './lib/native/platform';

// Sentry loads in the background, and only with a DSN; analytics flush when the page is hidden.
void startErrorReporting();
startAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

// The Android shell ships its files inside the app, so it needs no service worker; it needs push.
if (isNativePlatform()) {
  void import('./lib/native/start-native').then(({ startNative }) => startNative({ navigate: (path) => router.navigate(path) }));
} else {
  // Nothing on screen needs it: fetched a few seconds after the load event, behind the first page.
  const register = () =>
    setTimeout(() => void import('./lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker()), 3000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
