import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNativePlatform } from './platform';
import { loadPushService } from './push';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the native platform check', () => {
  it('is false in a browser, where push is not loaded', async () => {
    expect(isNativePlatform()).toBe(false);
    expect(await loadPushService()).toBeNull();
  });

  it("is true inside the Capacitor shell, whose bridge defines window.Capacitor before the app's scripts", () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    expect(isNativePlatform()).toBe(true);
    vi.stubGlobal('Capacitor', { isNativePlatform: () => false });
    expect(isNativePlatform()).toBe(false);
  });
});
