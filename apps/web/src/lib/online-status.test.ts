import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDialog, getOpenDialog, openDialog } from './dialogs';
import { startOnlineStatus } from './online-status';

let stops: (() => void)[] = [];

afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  const open = getOpenDialog();
  if (open) closeDialog(open.kind);
});

function start() {
  const stop = startOnlineStatus();
  stops.push(stop);
  return stop;
}

describe('the offline watch', () => {
  it('opens the offline dialog when the browser goes offline and closes it when back online', () => {
    start();
    expect(getOpenDialog()).toBeNull();
    window.dispatchEvent(new Event('offline'));
    expect(getOpenDialog()).toEqual({ kind: 'offline' });
    window.dispatchEvent(new Event('online'));
    expect(getOpenDialog()).toBeNull();
  });

  it('opens the dialog at start when the browser is already offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    start();
    expect(getOpenDialog()).toEqual({ kind: 'offline' });
  });

  it('going offline takes over any other dialog, and coming back leaves other dialogs alone', () => {
    start();
    openDialog({ kind: 'api-error', status: 500, statusText: 'Internal Server Error' });
    window.dispatchEvent(new Event('offline'));
    expect(getOpenDialog()).toEqual({ kind: 'offline' });
    window.dispatchEvent(new Event('online'));
    openDialog({ kind: 'network' });
    window.dispatchEvent(new Event('online'));
    expect(getOpenDialog()).toEqual({ kind: 'network' });
  });

  it('listens once however often it is started, and stops when the last one stops', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const first = start();
    const second = start();
    expect(add.mock.calls.filter(([type]) => type === 'offline')).toHaveLength(1);

    first();
    first();
    expect(remove.mock.calls.filter(([type]) => type === 'offline')).toHaveLength(0);
    second();
    expect(remove.mock.calls.filter(([type]) => type === 'offline')).toHaveLength(1);
    window.dispatchEvent(new Event('offline'));
    expect(getOpenDialog()).toBeNull();
  });
});
