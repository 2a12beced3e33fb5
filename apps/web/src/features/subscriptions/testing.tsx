import { QueryClient } from '@tanstack/react-query';
import type { SubscriptionState as WireSubscriptionState } from '@wink/contracts/billing';
import type { Plan as WirePlan } from '@wink/contracts/plans';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { renderRouter } from '../../test/render-router';
import { wireUser as baseWireUser } from '../../test/wire-user';

/** Test-only helpers for the subscription feature: wire fixtures, a fetch stub and a render wrapper. */

export function wirePlan(overrides: Partial<WirePlan> & Pick<WirePlan, 'id'>): WirePlan {
  return {
    name: overrides.id,
    type: 'reader_subscription',
    active: true,
    description: `About ${overrides.id}`,
    features: [`${overrides.id} feature`],
    checkout_url: `https://pay.example/checkout/${overrides.id}`,
    price: { unit_amount: 499, interval: 'month' },
    ...overrides,
  };
}

/** Deliberately out of order, with an inactive plan, as a careless server might send them. */
export const PLANS: WirePlan[] = [
  wirePlan({
    id: 'leader-monthly',
    name: 'Leader',
    type: 'leader_subscription',
    description: 'Take part in every discussion.',
    features: ['Everything in Reader', 'Start discussions'],
    price: { unit_amount: 1000, interval: 'month' },
  }),
  wirePlan({
    id: 'leader-yearly-retired',
    name: 'Leader yearly (retired)',
    type: 'leader_subscription',
    active: false,
    price: { unit_amount: 8900, interval: 'year' },
  }),
  wirePlan({
    id: 'reader-monthly',
    name: 'Reader',
    type: 'reader_subscription',
    description: 'Read every discussion.',
    features: ['Search every article', 'Ask Wink, the healthbot'],
    price: { unit_amount: 499, interval: 'month' },
  }),
];

/** The shared wire user without a trial: the plan tests decide what she holds. */
export function wireUser(overrides: Partial<WireUser> = {}): WireUser {
  return baseWireUser({ sid: 'u1', email: 'ada@example.org', trial_ends_at: null, ...overrides });
}

export const FUTURE = '2099-03-15T12:00:00.000Z';
export const PAST = '2020-03-15T12:00:00.000Z';

/** GET /api/subscription for someone without a plan, in the embedded default's test mode. */
export function wireSubscription(overrides: Partial<WireSubscriptionState> = {}): WireSubscriptionState {
  return {
    subscription: null,
    plan: null,
    status: null,
    provider: null,
    current_period_end: null,
    cancel_at_period_end: false,
    pending_plan: null,
    trial_ends_at: null,
    trial_reminder_sent: false,
    can_manage_billing: false,
    payments: 'test',
    ...overrides,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs global fetch for `GET /api/subscription/plans`, `GET /api/subscription`, `POST /api/subscription/portal` and `GET /api/user`. `plans: 'never'` keeps
 * the plans request pending forever (the spinner tests). Returns the mock to inspect calls.
 */
export function stubApi({
  plans = PLANS,
  user = wireUser(),
  subscription = wireSubscription(),
  portalUrl = 'http://localhost/api/subscription/test-portal',
}: { plans?: WirePlan[] | 'never'; user?: WireUser; subscription?: WireSubscriptionState; portalUrl?: string } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/subscription') return json({ data: subscription });
    if (url.pathname === '/api/subscription/portal' && init?.method === 'POST') return json({ data: { url: portalUrl } });
    if (url.pathname === '/api/subscription/plans') {
      return plans === 'never' ? new Promise<Response>(() => {}) : json({ data: plans });
    }
    if (url.pathname === '/api/user') return json({ data: user });
    return json({ message: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders `ui` at `path` inside a fresh query client and a memory router. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = renderRouter(router, queryClient, { appTheme: false });
  return { ...result, queryClient, router };
}
