import type { UserSummary } from '@wink/contracts/profile';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { camelizeKeys } from '../../../lib/case';
import { createQueryClient } from '../../../lib/query-client';
import { renderRouter } from '../../../test/render-router';
import { ada, wireDiscussion as baseWireDiscussion } from '../../../test/wire-fixtures';
import { wireUser } from '../../../test/wire-user';
import { userKeys } from '../../auth';

/** Test-only: a fake API and fixtures for the members page and the report dialog. */

export { fakeServer, json, type RecordedCall } from '../../../test/fake-server';

export { ada, alan, countedPage as page, grace } from '../../../test/wire-fixtures';

/** The discussion as its owner, ada, sees it: invite-only. */
export const wireDiscussion = (overrides: Parameters<typeof baseWireDiscussion>[0] = {}) =>
  baseWireDiscussion({ body: 'What helps you?', access_type: 'invite_only', owner: ada, membership: 'owner', ...overrides });

export const member = (user: UserSummary, role: 'owner' | 'member' = 'member') => ({ user, role, joined_at: '2026-02-02T10:00:00.000Z' });

/** Renders `element` at `url` (route `path`) with a fresh query client and the signed-in person already cached. */
export function renderRoute(element: ReactElement, { path, url, user = wireUser() }: { path: string; url: string; user?: WireUser }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.all, camelizeKeys(user));
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [url] },
  );
  const view = renderRouter(router, queryClient, { appTheme: false });
  return { ...view, queryClient, router };
}

export { wireUser };
