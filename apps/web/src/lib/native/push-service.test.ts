import type { PermissionState, PluginListenerHandle } from '@capacitor/core';
import type { DeviceInfo } from '@capacitor/device';
import type { ActionPerformed, PermissionStatus } from '@capacitor/push-notifications';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createPushService, PUSH_TOKEN_KEY, type PreferencesLike, type PushNotificationsLike, type PushServiceDeps } from './push-service';

type Listener = (value: never) => void;

/** Behaves like @capacitor/push-notifications on a device: permission answers, FCM tokens, taps. */
class FakePushNotifications implements PushNotificationsLike {
  permission: PermissionState = 'prompt';
  /** What the system dialog answers. */
  answer: PermissionState = 'granted';
  /** What FCM answers to register(): a token, or a registration error. */
  fcm: { token: string } | { error: string } = { token: 'fcm-token-1' };
  listeners = new Map<string, Listener[]>();
  checkPermissions = vi.fn(async (): Promise<PermissionStatus> => ({ receive: this.permission }));
  requestPermissions = vi.fn(async (): Promise<PermissionStatus> => {
    this.permission = this.answer;
    return { receive: this.permission };
  });
  register = vi.fn(async () => {
    const outcome = this.fcm;
    setTimeout(() =>
      'token' in outcome ? this.emit('registration', { value: outcome.token }) : this.emit('registrationError', { error: outcome.error }),
    );
  });
  unregister = vi.fn(async () => undefined);
  removeAllListeners = vi.fn(async () => {
    this.listeners.clear();
  });
  addListener = vi.fn(async (eventName: string, listener: Listener): Promise<PluginListenerHandle> => {
    this.listeners.set(eventName, [...(this.listeners.get(eventName) ?? []), listener]);
    return { remove: async () => undefined };
  }) as unknown as PushNotificationsLike['addListener'];

  emit(eventName: string, value: unknown) {
    for (const listener of this.listeners.get(eventName) ?? []) (listener as (v: unknown) => void)(value);
  }
  listening() {
    return [...this.listeners.keys()].sort();
  }
}

class FakePreferences implements PreferencesLike {
  values = new Map<string, string>();
  get = vi.fn(async ({ key }: { key: string }) => ({ value: this.values.get(key) ?? null }));
  set = vi.fn(async ({ key, value }: { key: string; value: string }) => {
    this.values.set(key, value);
  });
  remove = vi.fn(async ({ key }: { key: string }) => {
    this.values.delete(key);
  });
}

function fakeDevice(name: string | undefined) {
  return {
    getId: vi.fn(async () => ({ identifier: 'device-abc' })),
    getInfo: vi.fn(async () => ({ name, platform: 'android', model: 'Pixel 8', operatingSystem: 'android' }) as DeviceInfo),
  };
}

let push: FakePushNotifications;
let preferences: FakePreferences;
let api: { post: Mock<PushServiceDeps['api']['post']>; patch: Mock<PushServiceDeps['api']['patch']> };
let reportError: Mock<PushServiceDeps['reportError']>;
let onTap: Mock<PushServiceDeps['onTap']>;

function service(overrides: Partial<PushServiceDeps> = {}) {
  return createPushService({
    push,
    preferences,
    device: fakeDevice('Pixel 8'),
    api,
    reportError,
    onTap,
    appVersion: '1.4.0',
    locale: () => 'en-GB',
    registrationTimeoutMs: 1_000,
    ...overrides,
  });
}

beforeEach(() => {
  push = new FakePushNotifications();
  preferences = new FakePreferences();
  api = {
    post: vi.fn<PushServiceDeps['api']['post']>(async () => undefined),
    patch: vi.fn<PushServiceDeps['api']['patch']>(async () => undefined),
  };
  reportError = vi.fn<PushServiceDeps['reportError']>();
  onTap = vi.fn<PushServiceDeps['onTap']>();
});

describe('enabling push', () => {
  it('starts unregistered, with permission prompt and no token', () => {
    expect(service().getState()).toEqual({ permission: 'prompt', token: null, registered: false });
  });

  it('with permission already granted: registers, tells the server, stores the token, and answers true', async () => {
    push.permission = 'granted';
    const push$ = service();
    expect(await push$.enable()).toBe(true);

    expect(push.requestPermissions).not.toHaveBeenCalled();
    expect(push.register).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledExactlyOnceWith('push/register', {
      token: 'fcm-token-1',
      platform: 'android',
      device_id: 'device-abc',
      device_name: 'Pixel 8',
      locale: 'en-GB',
      app_version: '1.4.0',
    });
    expect(preferences.values.get(PUSH_TOKEN_KEY)).toBe('fcm-token-1');
    expect(PUSH_TOKEN_KEY).toBe('push_token');
    expect(push$.getState()).toEqual({ permission: 'granted', token: 'fcm-token-1', registered: true });
    expect(reportError).not.toHaveBeenCalled();
  });

  it.each<PermissionState>(['prompt', 'prompt-with-rationale'])('from %s: asks for permission, and on grant registers', async (initial) => {
    push.permission = initial;
    const push$ = service();
    const seen: PermissionState[] = [];
    push$.subscribe((state) => seen.push(state.permission));

    expect(await push$.enable()).toBe(true);
    expect(push.requestPermissions).toHaveBeenCalledTimes(1);
    expect(seen[0]).toBe(initial);
    expect(seen).toContain('granted');
    expect(push$.getState().registered).toBe(true);
  });

  it.each<[PermissionState, PermissionState]>([
    ['prompt', 'denied'],
    ['prompt-with-rationale', 'denied'],
    ['denied', 'denied'],
    ['prompt', 'prompt-with-rationale'],
  ])('from %s, when the answer is %s: does not register and answers false (not an error)', async (initial, answer) => {
    push.permission = initial;
    push.answer = answer;
    const push$ = service();
    expect(await push$.enable()).toBe(false);
    expect(push.register).not.toHaveBeenCalled();
    expect(api.post).not.toHaveBeenCalled();
    expect(push$.getState()).toEqual({ permission: answer, token: null, registered: false });
    expect(reportError).not.toHaveBeenCalled();
  });

  it("sends device_name 'unknown' when the device has no name", async () => {
    push.permission = 'granted';
    for (const name of [undefined, '', '   ']) {
      api.post.mockClear();
      expect(await service({ device: fakeDevice(name) }).enable()).toBe(true);
      expect(api.post.mock.calls[0]![1]).toMatchObject({ device_name: 'unknown' });
    }
  });

  const failures: [string, () => void][] = [
    ['checking the permission throws', () => push.checkPermissions.mockRejectedValueOnce(new Error('plugin missing'))],
    ['requesting the permission throws', () => push.requestPermissions.mockRejectedValueOnce(new Error('activity gone'))],
    ['register() throws', () => push.register.mockRejectedValueOnce(new Error('no Google Play services'))],
    ['FCM answers with a registration error', () => (push.fcm = { error: 'SERVICE_NOT_AVAILABLE' })],
    ['the server refuses the registration', () => api.post.mockRejectedValueOnce(new Error('Request failed with status code 500'))],
    ['the token cannot be stored', () => preferences.set.mockRejectedValueOnce(new Error('disk full'))],
  ];

  it.each(failures)('when %s: reports the error, swallows it, and answers false', async (_case, breakIt) => {
    breakIt();
    const push$ = service();
    await expect(push$.enable()).resolves.toBe(false);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError.mock.calls[0]![0]).toBeInstanceOf(Error);
    expect(push$.getState().registered).toBe(false);
  });

  it('answers false and reports when FCM never answers', async () => {
    vi.useFakeTimers();
    try {
      push.permission = 'granted';
      push.register.mockResolvedValueOnce(undefined);
      const push$ = service();
      const result = push$.enable();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await result).toBe(false);
      expect(reportError).toHaveBeenCalledWith(new Error('Push registration timed out'), expect.anything());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('disabling push', () => {
  async function enabled() {
    push.permission = 'granted';
    const push$ = service();
    await push$.enable();
    return push$;
  }

  it('unregisters everywhere, removes listeners, forgets the token, and resets the state to prompt', async () => {
    const push$ = await enabled();
    expect(push.listening()).not.toEqual([]);

    await push$.disable();
    expect(api.patch).toHaveBeenCalledExactlyOnceWith('push/unregister', { token: 'fcm-token-1' });
    expect(push.unregister).toHaveBeenCalledTimes(1);
    expect(push.removeAllListeners).toHaveBeenCalledTimes(1);
    expect(push.listening()).toEqual([]);
    expect(preferences.values.has(PUSH_TOKEN_KEY)).toBe(false);
    expect(push$.getState()).toEqual({ permission: 'prompt', token: null, registered: false });
  });

  it('still forgets everything on the device when the server or the plugin fails, reporting each failure', async () => {
    const push$ = await enabled();
    api.patch.mockRejectedValueOnce(new Error('offline'));
    push.unregister.mockRejectedValueOnce(new Error('FCM unavailable'));
    await expect(push$.disable()).resolves.toBeUndefined();
    expect(reportError).toHaveBeenCalledTimes(2);
    expect(push.removeAllListeners).toHaveBeenCalled();
    expect(preferences.values.has(PUSH_TOKEN_KEY)).toBe(false);
    expect(push$.getState()).toEqual({ permission: 'prompt', token: null, registered: false });
  });

  it('uses the stored token when this run of the app never saw one', async () => {
    preferences.values.set(PUSH_TOKEN_KEY, 'stored-token');
    await service().disable();
    expect(api.patch).toHaveBeenCalledWith('push/unregister', { token: 'stored-token' });
  });
});

describe('app start', () => {
  it('with a stored token and permission granted: marks itself registered and listens again, without registering anew', async () => {
    preferences.values.set(PUSH_TOKEN_KEY, 'stored-token');
    push.permission = 'granted';
    const push$ = service();
    await push$.restore();

    expect(push$.getState()).toEqual({ permission: 'granted', token: 'stored-token', registered: true });
    expect(push.listening()).toEqual(['pushNotificationActionPerformed', 'registration', 'registrationError']);
    expect(push.register).not.toHaveBeenCalled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('routes a notification tap through the listener it re-initialised', async () => {
    preferences.values.set(PUSH_TOKEN_KEY, 'stored-token');
    push.permission = 'granted';
    await service().restore();
    const action: ActionPerformed = { actionId: 'tap', notification: { id: '1', data: { type: 'discussion.created', subject_id: 'd1' } } };
    push.emit('pushNotificationActionPerformed', action);
    expect(onTap).toHaveBeenCalledWith(action);
  });

  it('tells the server when FCM hands a registered device a new token', async () => {
    preferences.values.set(PUSH_TOKEN_KEY, 'stored-token');
    push.permission = 'granted';
    const push$ = service();
    await push$.restore();
    push.emit('registration', { value: 'rotated-token' });
    await vi.waitFor(() => expect(push$.getState().token).toBe('rotated-token'));
    expect(api.post).toHaveBeenCalledWith('push/register', expect.objectContaining({ token: 'rotated-token' }));
    expect(preferences.values.get(PUSH_TOKEN_KEY)).toBe('rotated-token');
  });

  it.each<PermissionState>(['prompt', 'prompt-with-rationale', 'denied'])(
    'with a stored token but permission %s: stays unregistered and does not listen',
    async (permission) => {
      preferences.values.set(PUSH_TOKEN_KEY, 'stored-token');
      push.permission = permission;
      const push$ = service();
      await push$.restore();
      expect(push$.getState()).toMatchObject({ registered: false, token: null });
      expect(push.listening()).toEqual([]);
    },
  );

  it('without a stored token: does nothing', async () => {
    push.permission = 'granted';
    const push$ = service();
    await push$.restore();
    expect(push.checkPermissions).not.toHaveBeenCalled();
    expect(push$.getState()).toEqual({ permission: 'prompt', token: null, registered: false });
  });

  it('reports and swallows a failure while restoring', async () => {
    preferences.get.mockRejectedValueOnce(new Error('storage unavailable'));
    await expect(service().restore()).resolves.toBeUndefined();
    expect(reportError).toHaveBeenCalledTimes(1);
  });
});
