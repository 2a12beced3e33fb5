import type { PermissionState, PluginListenerHandle } from '@capacitor/core';
import type { DevicePlugin } from '@capacitor/device';
import type { PreferencesPlugin } from '@capacitor/preferences';
import type { ActionPerformed, PermissionStatus, RegistrationError, Token } from '@capacitor/push-notifications';
import type { PushRegisterBody } from '@wink/contracts/push';

/** The push token lives in device preferences under this key (docs/data.md). */
export const PUSH_TOKEN_KEY = 'push_token';

/** How long enable() waits for the 'registration' event after register(). */
const REGISTRATION_TIMEOUT_MS = 20_000;

/** The shapes of the Capacitor plugins used here (tests hand in fakes that implement them). */
export interface PushNotificationsLike {
  checkPermissions(): Promise<PermissionStatus>;
  requestPermissions(): Promise<PermissionStatus>;
  register(): Promise<void>;
  unregister(): Promise<void>;
  removeAllListeners(): Promise<void>;
  addListener(eventName: 'registration', listenerFunc: (token: Token) => void): Promise<PluginListenerHandle>;
  addListener(eventName: 'registrationError', listenerFunc: (error: RegistrationError) => void): Promise<PluginListenerHandle>;
  addListener(eventName: 'pushNotificationActionPerformed', listenerFunc: (action: ActionPerformed) => void): Promise<PluginListenerHandle>;
}
export type PreferencesLike = Pick<PreferencesPlugin, 'get' | 'set' | 'remove'>;
export type DeviceLike = Pick<DevicePlugin, 'getId' | 'getInfo'>;

export interface PushApi {
  post(path: string, body: Record<string, unknown>): Promise<unknown>;
  patch(path: string, body: Record<string, unknown>): Promise<unknown>;
}

export interface PushState {
  permission: PermissionState;
  token: string | null;
  registered: boolean;
}

export interface PushServiceDeps {
  push: PushNotificationsLike;
  preferences: PreferencesLike;
  device: DeviceLike;
  api: PushApi;
  reportError: (error: unknown, context?: Record<string, unknown>) => void;
  onTap: (action: ActionPerformed) => void;
  appVersion: string;
  locale?: () => string;
  registrationTimeoutMs?: number;
}

export interface PushService {
  getState(): PushState;
  subscribe(listener: (state: PushState) => void): () => void;
  /** Asks for permission if needed, registers with FCM and the server. True when registered. */
  enable(): Promise<boolean>;
  /** Unregisters everywhere and forgets the token. Never throws. */
  disable(): Promise<void>;
  /** App start: a stored token with permission granted means still registered; listen again. */
  restore(): Promise<void>;
}

/**
 * The push permission state machine of docs/data.md Permission is one of prompt, prompt-with-rationale,
 * granted, denied. Every failure of a push operation is reported and swallowed (docs/wire.md): enable()
 * then answers false, and the switch that called it stays off.
 */
export function createPushService(deps: PushServiceDeps): PushService {
  let state: PushState = { permission: 'prompt', token: null, registered: false };
  const listeners = new Set<(state: PushState) => void>();
  const locale = deps.locale ?? (() => (typeof navigator !== 'undefined' && navigator.language) || 'en');
  let tokenWaiter: { resolve: (token: string) => void; reject: (error: unknown) => void } | null = null;
  let listening = false;

  function update(patch: Partial<PushState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  }

  async function registrationBody(token: string): Promise<PushRegisterBody> {
    const [{ identifier }, info] = await Promise.all([deps.device.getId(), deps.device.getInfo()]);
    return {
      token,
      platform: info.platform,
      device_id: identifier,
      device_name: info.name?.trim() || 'unknown',
      locale: locale(),
      app_version: deps.appVersion,
    };
  }

  async function saveRegistration(token: string) {
    await deps.api.post('push/register', { ...(await registrationBody(token)) });
    await deps.preferences.set({ key: PUSH_TOKEN_KEY, value: token });
    update({ token, registered: true });
  }

  async function listen() {
    if (listening) return;
    listening = true;
    await deps.push.addListener('registration', ({ value }) => {
      if (tokenWaiter) tokenWaiter.resolve(value);
      // FCM rotated the token of a device that was already registered: tell the server.
      else if (state.registered && value !== state.token)
        saveRegistration(value).catch((error) => deps.reportError(error, { area: 'push' }));
    });
    await deps.push.addListener('registrationError', ({ error }) => tokenWaiter?.reject(new Error(`Push registration failed: ${error}`)));
    await deps.push.addListener('pushNotificationActionPerformed', (action) => deps.onTap(action));
  }

  function nextToken(): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('Push registration timed out')),
        deps.registrationTimeoutMs ?? REGISTRATION_TIMEOUT_MS,
      );
      const settle = () => {
        clearTimeout(timer);
        tokenWaiter = null;
      };
      tokenWaiter = {
        resolve: (token) => {
          settle();
          resolve(token);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
    });
  }

  async function ensurePermission(): Promise<boolean> {
    let { receive } = await deps.push.checkPermissions();
    update({ permission: receive });
    if (receive !== 'granted') {
      ({ receive } = await deps.push.requestPermissions());
      update({ permission: receive });
    }
    return receive === 'granted';
  }

  async function step(what: string, run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      deps.reportError(error, { area: 'push', step: what });
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async enable() {
      try {
        if (!(await ensurePermission())) return false;
        await listen();
        // The token arrives through the 'registration' listener, after register() resolves.
        const [, token] = await Promise.all([deps.push.register(), nextToken()]);
        await saveRegistration(token);
        return true;
      } catch (error) {
        tokenWaiter?.reject(error);
        deps.reportError(error, { area: 'push', step: 'enable' });
        return false;
      }
    },

    async disable() {
      // Each step on its own: the device forgets the token even when the server cannot be told.
      const stored = state.token ?? (await deps.preferences.get({ key: PUSH_TOKEN_KEY }).catch(() => ({ value: null }))).value;
      if (stored) await step('unregister-server', () => deps.api.patch('push/unregister', { token: stored }));
      await step('unregister', () => deps.push.unregister());
      await step('remove-listeners', () => deps.push.removeAllListeners());
      listening = false;
      await step('forget-token', () => deps.preferences.remove({ key: PUSH_TOKEN_KEY }));
      update({ token: null, registered: false, permission: 'prompt' });
    },

    async restore() {
      try {
        const { value } = await deps.preferences.get({ key: PUSH_TOKEN_KEY });
        if (!value) return;
        const { receive } = await deps.push.checkPermissions();
        update({ permission: receive });
        if (receive !== 'granted') return;
        update({ token: value, registered: true });
        await listen();
      } catch (error) {
        deps.reportError(error, { area: 'push', step: 'restore' });
      }
    },
  };
}
