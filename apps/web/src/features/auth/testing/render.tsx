import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User as WireUser } from '@wink/contracts/user';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../../../app/theme';
import { setAuthStatus } from '../../../lib/auth-status';
import { queryClient } from '../../../lib/query-client';

export function wireUser(overrides: Partial<WireUser> = {}): WireUser {
  return {
    sid: 'u1abc',
    name: 'Ada Lovelace',
    display_name: 'Ada L',
    email: 'ada@example.com',
    email_verified_at: null,
    avatar_color: '#6a1b9a',
    banned: false,
    role: 'user',
    subscription: null,
    trial_ends_at: '2099-01-01T00:00:00.000Z',
    settings: { email_notifications: true, web_notifications: false, push_notifications: false },
    newsletter_subscription: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * Renders routes in a memory router with the app's theme and its one query client (the auth code
 * uses that singleton, as the app does). Call `resetAppState` after each test.
 */
export function renderRoutes(routes: RouteObject[], initialEntry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <ThemeProvider theme={theme} defaultMode="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router };
}

export function resetAppState(): void {
  queryClient.clear();
  setAuthStatus('unknown');
}
