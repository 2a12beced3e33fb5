import { useSyncExternalStore } from 'react';
import { requestScope } from './request-scope';

/**
 * The auth state of docs/data.md: unknown until the current user is fetched, then signed in or out.
 * The last known answer is kept in session storage under `authStatus` ("true"/"false") so a reload
 * in the same tab knows where it stands before the user request returns.
 */
export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

const STORAGE_KEY = 'authStatus';
const listeners = new Set<() => void>();

function readStored(): AuthStatus {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored === 'true' ? 'signed-in' : stored === 'false' ? 'signed-out' : 'unknown';
  } catch {
    return 'unknown';
  }
}

let status: AuthStatus = typeof sessionStorage === 'undefined' ? 'unknown' : readStored();

export function getAuthStatus(): AuthStatus {
  return requestScope()?.authStatus ?? status;
}

export function setAuthStatus(next: AuthStatus): void {
  // Rendered on the server: the state is the page's own, nothing is stored and nothing listens.
  const scope = requestScope();
  if (scope) {
    scope.authStatus = next;
    return;
  }
  try {
    if (next === 'unknown') sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, next === 'signed-in' ? 'true' : 'false');
  } catch {
    // Storage can be unavailable (private mode quotas); the in-memory state still holds.
  }
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthStatus(): AuthStatus {
  return useSyncExternalStore(subscribe, getAuthStatus, getAuthStatus);
}
