import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, getCurrentNotice } from '../../lib/notices';
import { applyDevicePush } from './device-push';

const push = { enable: vi.fn<() => Promise<boolean>>(), disable: vi.fn<() => Promise<void>>() };
let native = true;

vi.mock('../../lib/native/push', () => ({ loadPushService: async () => (native ? push : null) }));

describe('applyDevicePush', () => {
  beforeEach(() => {
    native = true;
    push.enable.mockReset();
    push.disable.mockReset();
    clearNotices();
  });

  it('leaves the web alone: the setting alone decides', async () => {
    native = false;
    expect(await applyDevicePush(true)).toBe(true);
    expect(push.enable).not.toHaveBeenCalled();
  });

  it('registers the device when push is turned on and the permission is granted', async () => {
    push.enable.mockResolvedValue(true);
    expect(await applyDevicePush(true)).toBe(true);
    expect(getCurrentNotice()).toBeNull();
  });

  it('does not save the setting and says why when the permission is refused', async () => {
    push.enable.mockResolvedValue(false);
    expect(await applyDevicePush(true)).toBe(false);
    expect(getCurrentNotice()?.message).toMatch(/Allow notifications for Wink Health/);
  });

  it('unregisters the device when push is turned off', async () => {
    expect(await applyDevicePush(false)).toBe(true);
    expect(push.disable).toHaveBeenCalledOnce();
  });
});
