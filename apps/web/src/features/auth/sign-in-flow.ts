import { useState, useSyncExternalStore } from 'react';
import { checkEmail } from './api/check-email';

/** The sign-in texts of docs/data.md ("States") and docs/wire.md, verbatim. */
export const EMAIL_NOT_SET_MESSAGE = 'Email is not set. Please call checkEmail first.';

export interface SignInState {
  /** The address that was checked; null until step one has answered. */
  email: string | null;
  /** Whether an account uses it; null until step one has answered. */
  exists: boolean | null;
}

const initialState: SignInState = { email: null, exists: null };

/**
 * The two-step sign-in of docs/data.md as one small state machine: `checkEmail` answers step one and
 * remembers the address, `login` is step two and refuses to run without it. The page renders
 * from `getState()`; tests drive it directly.
 */
export function createSignInFlow() {
  let state = initialState;
  const listeners = new Set<() => void>();
  const setState = (next: SignInState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async checkEmail(email: string): Promise<boolean> {
      const exists = await checkEmail(email);
      setState({ email, exists });
      return exists;
    },
    /** Logs in with the checked address, then caches the user, flips the auth state and tracks. */
    async login(password: string, remember: boolean) {
      if (!state.email) throw new Error(EMAIL_NOT_SET_MESSAGE);
      // Loaded on demand: step one paints without them (the sign-in page has a bundle budget).
      const [{ login }, { completeSignIn }] = await Promise.all([import('./api/login'), import('./complete-sign-in')]);
      await login({ email: state.email, password, remember });
      return completeSignIn('user_signed_in');
    },
    /** "Use another e-mail": back to step one. */
    reset() {
      setState(initialState);
    },
  };
}

export type SignInFlow = ReturnType<typeof createSignInFlow>;

/** One flow per mounted sign-in page, and its state as React state. */
export function useSignInFlow(): [SignInFlow, SignInState] {
  const [flow] = useState(createSignInFlow);
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  return [flow, state];
}
