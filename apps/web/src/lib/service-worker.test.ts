import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, type AppEventMap, type AppEventName } from './app-events';
import { registerServiceWorker, type ServiceWorkerOptions, type WorkboxLike } from './service-worker';

type Lifecycle = Parameters<WorkboxLike['addEventListener']>[0];
type LifecycleListener = Parameters<WorkboxLike['addEventListener']>[1];

/** Implements the part of workbox-window's Workbox the app uses; `fire` plays the browser's part. */
class FakeWorkbox implements WorkboxLike {
  listeners = new Map<Lifecycle, LifecycleListener[]>();
  registration = { scope: '/' } as ServiceWorkerRegistration;
  register = vi.fn(async () => this.registration);
  update = vi.fn(async () => undefined);
  messageSkipWaiting = vi.fn();
  constructor(readonly url: string) {}
  addEventListener(type: Lifecycle, listener: LifecycleListener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: Lifecycle, event: { isUpdate?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function recordEvents() {
  const bus = createEventBus<AppEventMap>();
  const seen: AppEventName[] = [];
  const names: AppEventName[] = ['registered', 'updated', 'ready', 'cached', 'update-found', 'offline', 'error'];
  for (const name of names) bus.on(name, () => seen.push(name));
  return { bus, seen };
}

let workbox: FakeWorkbox;
let online: boolean;
const reload = vi.fn();

async function start(options: Partial<ServiceWorkerOptions> = {}) {
  const { bus, seen } = recordEvents();
  const handle = await registerServiceWorker({
    enabled: true,
    intervalMinutes: 30,
    createWorkbox: async (url) => (workbox = new FakeWorkbox(url)),
    events: bus,
    reload,
    ready: () => Promise.resolve(),
    isOnline: () => online,
    afterLoad: () => Promise.resolve(),
    ...options,
  });
  await Promise.resolve();
  return { handle, seen, bus };
}

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  reload.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker', () => {
  it('is not registered in development or under tests (the default)', async () => {
    const createWorkbox = vi.fn();
    expect(await registerServiceWorker({ createWorkbox })).toBeNull();
    expect(createWorkbox).not.toHaveBeenCalled();
  });

  it('registers /sw.js and announces registered, then ready', async () => {
    const { handle, seen } = await start();
    expect(workbox.url).toBe('/sw.js');
    expect(workbox.register).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['registered', 'ready']);
    handle?.stop();
  });

  it('announces the first install as update-found then cached, and does not reload', async () => {
    const { handle, seen } = await start();
    workbox.fire('installing', { isUpdate: false });
    workbox.fire('installed', { isUpdate: false });
    expect(seen).toEqual(['registered', 'ready', 'update-found', 'cached']);
    expect(reload).not.toHaveBeenCalled();
    handle?.stop();
  });

  it('tells a waiting update to skip waiting, and reloads once the new version controls the page', async () => {
    const { handle, seen } = await start();
    workbox.fire('installing', { isUpdate: true });
    workbox.fire('installed', { isUpdate: true });
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    workbox.fire('waiting', { isUpdate: true });
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['registered', 'ready', 'update-found', 'updated']);
    expect(reload).not.toHaveBeenCalled();

    workbox.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    handle?.stop();
  });

  it('checks for an update every configured number of minutes', async () => {
    const { handle } = await start({ intervalMinutes: 30 });
    await vi.advanceTimersByTimeAsync(30 * 60_000 - 1);
    expect(workbox.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(workbox.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(workbox.update).toHaveBeenCalledTimes(2);

    handle?.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(workbox.update).toHaveBeenCalledTimes(2);
  });

  it('takes its interval from the app configuration (30 minutes in apps/web/.env)', async () => {
    const { appConfig } = await import('../config');
    expect(appConfig.appUpdateIntervalMinutes).toBe(30);
    const { handle } = await start({ intervalMinutes: undefined });
    await vi.advanceTimersByTimeAsync(appConfig.appUpdateIntervalMinutes * 60_000);
    expect(workbox.update).toHaveBeenCalledTimes(1);
    handle?.stop();
  });

  it('skips the check and announces offline while there is no connection', async () => {
    const { handle, seen } = await start();
    online = false;
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(workbox.update).not.toHaveBeenCalled();
    expect(seen).toContain('offline');
    handle?.stop();
  });

  it('announces a failed update check as error', async () => {
    const { handle, seen } = await start();
    workbox.update.mockRejectedValueOnce(new Error('sw.js answered 500'));
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(seen).toContain('error');
    handle?.stop();
  });

  it('announces a failed registration as error, or offline when there is no connection', async () => {
    const failing = async (url: string) => {
      workbox = new FakeWorkbox(url);
      workbox.register.mockRejectedValue(new Error('SecurityError'));
      return workbox;
    };
    expect((await start({ createWorkbox: failing })).seen).toEqual(['error']);
    online = false;
    expect((await start({ createWorkbox: failing })).seen).toEqual(['offline']);
  });
});
