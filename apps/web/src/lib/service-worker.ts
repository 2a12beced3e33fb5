import { appConfig } from '../config';
import { appEvents, type AppEventMap, type EventBus } from './app-events';
import { reportError } from './error-reporting';

/**
 * Registers the service worker at /sw.js (built by vite-plugin-pwa) and keeps the app current
 * (docs/data.md, docs/rules.md): an update check every appConfig.appUpdateIntervalMinutes, and a waiting update is
 * told to skip waiting; once the new worker controls the page, the page reloads onto the new build
 * (the old build's lazy chunks are gone from the server and the cache, so staying would break the
 * next route that loads one). Each step is announced on the app event bus.
 */

type LifecycleEvent = { isUpdate?: boolean; wasWaitingBeforeRegister?: boolean };

/** The part of workbox-window's Workbox used here, so tests can hand in a fake. */
export interface WorkboxLike {
  addEventListener(type: 'installing' | 'installed' | 'waiting' | 'controlling', listener: (event: LifecycleEvent) => void): void;
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
}

export interface ServiceWorkerOptions {
  /** Production web builds only: never in dev, under vitest or in the Android shell (its files are local). */
  enabled?: boolean;
  url?: string;
  intervalMinutes?: number;
  createWorkbox?: (url: string) => Promise<WorkboxLike>;
  events?: EventBus<AppEventMap>;
  reload?: () => void;
  /** Resolves once a worker is active for this page (navigator.serviceWorker.ready). */
  ready?: () => Promise<unknown>;
  isOnline?: () => boolean;
  /** Registration waits for the load event so it never competes with the first paint. */
  afterLoad?: () => Promise<void>;
}

function defaultEnabled(): boolean {
  const native = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.() === true;
  return import.meta.env.PROD && import.meta.env.MODE !== 'test' && !native && 'serviceWorker' in navigator;
}

function windowLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function loadWorkbox(url: string): Promise<WorkboxLike> {
  const { Workbox } = await import('workbox-window');
  return new Workbox(url, { scope: '/' });
}

export interface ServiceWorkerHandle {
  /** Stops the periodic update check. */
  stop(): void;
}

export async function registerServiceWorker({
  enabled = defaultEnabled(),
  url = '/sw.js',
  intervalMinutes = appConfig.appUpdateIntervalMinutes,
  createWorkbox = loadWorkbox,
  events = appEvents,
  reload = () => window.location.reload(),
  ready = () => navigator.serviceWorker.ready,
  isOnline = () => navigator.onLine,
  afterLoad = windowLoaded,
}: ServiceWorkerOptions = {}): Promise<ServiceWorkerHandle | null> {
  if (!enabled) return null;
  await afterLoad();

  const failed = (error: unknown) => {
    if (!isOnline()) events.emit('offline', {});
    else events.emit('error', { error });
  };

  let wb: WorkboxLike;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    wb = await createWorkbox(url);
    wb.addEventListener('installing', () => events.emit('update-found', {}));
    wb.addEventListener('installed', (event) => {
      if (!event.isUpdate) events.emit('cached', {});
    });
    wb.addEventListener('waiting', () => {
      events.emit('updated', { registration });
      wb.messageSkipWaiting();
    });
    wb.addEventListener('controlling', () => reload());
    registration = await wb.register();
  } catch (error) {
    failed(error);
    if (isOnline()) reportError(error, { area: 'service-worker' });
    return null;
  }

  events.emit('registered', { registration });
  void ready().then(() => events.emit('ready', {}));

  const timer = setInterval(
    () => {
      if (!isOnline()) {
        events.emit('offline', {});
        return;
      }
      wb.update().catch(failed);
    },
    Math.max(1, intervalMinutes) * 60_000,
  );
  return { stop: () => clearInterval(timer) };
}
