import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDialog, getOpenDialog, openDialog, useOpenDialog, type AppDialog } from './dialogs';

afterEach(() => {
  const open = getOpenDialog();
  if (open) closeDialog(open.kind);
});

const offline: AppDialog = { kind: 'offline' };
const maintenance: AppDialog = { kind: 'maintenance', retryAfterSeconds: 60 };
const network: AppDialog = { kind: 'network' };
const apiError: AppDialog = { kind: 'api-error', status: 500, statusText: 'Internal Server Error' };
const subscription: AppDialog = { kind: 'subscription', ability: 'write', leaderOnly: true };

// Highest first: offline > maintenance > network error > API error > subscription.
const byPriority = [offline, maintenance, network, apiError, subscription];

describe('only one dialog at a time', () => {
  it('opens a dialog when none is open', () => {
    expect(openDialog(subscription)).toBe(true);
    expect(getOpenDialog()).toEqual(subscription);
  });

  describe.each(byPriority.map((dialog, index) => [dialog.kind, dialog, index] as const))('while %s is open', (_kind, open, index) => {
    const higher = byPriority.slice(0, index);
    const lower = byPriority.slice(index + 1);

    it.each(higher.map((dialog) => [dialog.kind, dialog]))('%s replaces it', (_other, dialog) => {
      openDialog(open);
      expect(openDialog(dialog)).toBe(true);
      expect(getOpenDialog()).toEqual(dialog);
    });

    if (lower.length) {
      it.each(lower.map((dialog) => [dialog.kind, dialog]))('%s is dropped', (_other, dialog) => {
        openDialog(open);
        expect(openDialog(dialog)).toBe(false);
        expect(getOpenDialog()).toEqual(open);
      });
    }
  });

  it('a request of the same kind replaces the open one with its fresher details', () => {
    openDialog({ kind: 'maintenance', retryAfterSeconds: 60 });
    openDialog({ kind: 'maintenance', retryAfterSeconds: 15 });
    expect(getOpenDialog()).toEqual({ kind: 'maintenance', retryAfterSeconds: 15 });

    openDialog(apiError);
    openDialog({ kind: 'maintenance', retryAfterSeconds: 15 });
    openDialog({ kind: 'api-error', status: 502, statusText: 'Bad Gateway' });
    expect(getOpenDialog()).toEqual({ kind: 'maintenance', retryAfterSeconds: 15 });
  });

  it('an identical request keeps the open dialog as it is', () => {
    openDialog({ kind: 'maintenance', retryAfterSeconds: 30 });
    const before = getOpenDialog();
    openDialog({ kind: 'maintenance', retryAfterSeconds: 30 });
    expect(getOpenDialog()).toBe(before);
  });

  it('closeDialog closes only the kind it names', () => {
    openDialog(network);
    closeDialog('api-error');
    closeDialog('offline');
    expect(getOpenDialog()).toEqual(network);
    closeDialog('network');
    expect(getOpenDialog()).toBeNull();
  });

  it('a dropped request does not come back when the higher dialog closes', () => {
    openDialog(offline);
    openDialog(network);
    closeDialog('offline');
    expect(getOpenDialog()).toBeNull();
  });

  it('useOpenDialog follows the store', () => {
    const { result } = renderHook(() => useOpenDialog());
    expect(result.current).toBeNull();
    act(() => void openDialog(apiError));
    expect(result.current).toEqual(apiError);
    act(() => closeDialog('api-error'));
    expect(result.current).toBeNull();
  });
});
