import { useSyncExternalStore } from 'react';

/**
 * The one dialog that may be open (docs/product.md: "Only one dialog may be open at a time").
 *
 * Which one wins, by priority:
 *   offline > maintenance > network error > API error > subscription
 *
 * - A request of higher or equal priority replaces the open dialog (an equal one brings fresher
 *   news, e.g. a later 503 with another Retry-After; an identical request changes nothing).
 * - A request of lower priority is dropped while a higher one is open, not queued: it reacts to a
 *   failure the open dialog already explains (no network explains a failed request; maintenance
 *   explains a 500 from the proxy), and the person cannot buy a plan while the server is away.
 * - `closeDialog(kind)` closes only that kind, so a late close from one dialog never hides another.
 *
 * The order follows the cause: being offline explains every other failure, maintenance explains
 * the server's, a network error explains an unanswered request; an API error is one request's
 * problem, and the subscription dialog is an offer, never an error.
 */
export type AppDialog =
  | { kind: 'offline' }
  | { kind: 'maintenance'; retryAfterSeconds: number }
  | { kind: 'network' }
  | { kind: 'api-error'; status: number; statusText: string }
  | { kind: 'subscription'; ability: 'read' | 'write'; leaderOnly?: boolean };

export const DIALOG_PRIORITY: Record<AppDialog['kind'], number> = {
  offline: 5,
  maintenance: 4,
  network: 3,
  'api-error': 2,
  subscription: 1,
};

let current: AppDialog | null = null;
const listeners = new Set<() => void>();

function emit(next: AppDialog | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

function sameDialog(a: AppDialog, b: AppDialog): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

/** Opens `dialog` unless a higher-priority one is open; returns whether it is now the open dialog. */
export function openDialog(dialog: AppDialog): boolean {
  if (current) {
    if (DIALOG_PRIORITY[dialog.kind] < DIALOG_PRIORITY[current.kind]) return false;
    if (sameDialog(current, dialog)) return true;
  }
  emit(dialog);
  return true;
}

/** Closes the open dialog if it is of `kind`; any other dialog stays. */
export function closeDialog(kind: AppDialog['kind']): void {
  if (current?.kind === kind) emit(null);
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
