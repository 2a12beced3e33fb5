import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { camelizeKeys } from '../../../lib/case';
import { createQueryClient } from '../../../lib/query-client';
import { wireUser } from '../../../test/wire-user';
import { userKeys } from '../../auth/api/get-user';

export { wireUser };

/** What the fake server saw: the real method (after `_method`), the path, query and form fields. */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, string>;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Stubs global fetch with a tiny router keyed by "METHOD /path"; unknown routes answer 404. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const body = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
    const method = (body._method ?? init?.method ?? 'GET').toUpperCase();
    delete body._method;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : json(404, { message: 'Not Found' });
  });
  return { calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

interface RenderPageOptions {
  path: string;
  url?: string;
  state?: unknown;
  user?: WireUser | null;
}

/** Renders one page in a memory router with a fresh query client, the signed-in user already cached. */
export function renderPage(element: ReactElement, { path, url = path, state, user = wireUser() }: RenderPageOptions) {
  const queryClient: QueryClient = createQueryClient();
  if (user) queryClient.setQueryData(userKeys.all, camelizeKeys(user));
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [{ pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
