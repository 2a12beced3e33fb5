import type { User as WireUser } from '@wink/contracts/user';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { setAuthStatus } from '../../../lib/auth-status';
import { queryClient } from '../../../lib/query-client';
import { renderRouter } from '../../../test/render-router';
import { wireUser as baseWireUser } from '../../../test/wire-user';

/** The shared wire user, as the auth tests know her: not verified yet. */
export function wireUser(overrides: Partial<WireUser> = {}): WireUser {
  return baseWireUser({ display_name: 'Ada L', email_verified_at: null, avatar_color: '#6a1b9a', ...overrides });
}

/**
 * Renders routes in a memory router with the app's theme and its one query client (the auth code
 * uses that singleton, as the app does). Call `resetAppState` after each test.
 */
export function renderRoutes(routes: RouteObject[], initialEntry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = renderRouter(router, queryClient);
  return { ...view, router };
}

export function resetAppState(): void {
  queryClient.clear();
  setAuthStatus('unknown');
}
