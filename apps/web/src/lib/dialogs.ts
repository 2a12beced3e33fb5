import { useSyncExternalStore } from 'react';

/**
 * The one dialog that may be open (seed §2). Placeholder arbitration until the dialog module lands
 * this session; the API (openDialog, closeDialog, useOpenDialog) is what features call.
 */
export type AppDialog =
  | { kind: 'offline' }
  | { kind: 'maintenance'; retryAfterSeconds: number }
  | { kind: 'network' }
  | { kind: 'api-error'; status: number; statusText: string }
  | { kind: 'subscription'; ability: 'read' | 'write'; leaderOnly?: boolean };

let current: AppDialog | null = null;
const listeners = new Set<() => void>();

export function openDialog(dialog: AppDialog): void {
  current = dialog;
  listeners.forEach((listener) => listener());
}

export function closeDialog(kind: AppDialog['kind']): void {
  if (current?.kind !== kind) return;
  current = null;
  listeners.forEach((listener) => listener());
}

export function getOpenDialog(): AppDialog | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenDialog(): AppDialog | null {
  return useSyncExternalStore(subscribe, getOpenDialog, getOpenDialog);
}
