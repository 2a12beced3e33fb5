import type { QueryClient } from '@tanstack/react-query';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { camelizeKeys } from '../../../lib/case';
import { createQueryClient } from '../../../lib/query-client';
import { renderRouter } from '../../../test/render-router';
import { wireUser } from '../../../test/wire-user';
import { userKeys } from '../../auth';

export { wireUser };

/** What the fake server saw: the real method (after `_method`), the path, query and form fields. */
export { fakeServer, json, type RecordedCall } from '../../../test/fake-server';

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
  const view = renderRouter(router, queryClient, { appTheme: false });
  return { ...view, queryClient, router };
}
