import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Discussion as WireDiscussion } from '@wink/contracts/discussions';
import type { UserSummary } from '@wink/contracts/profile';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { camelizeKeys } from '../../../lib/case';
import { createQueryClient } from '../../../lib/query-client';
import { wireUser } from '../../../test/wire-user';
import { userKeys } from '../../auth';

/** Test-only: a fake API and fixtures for the members page and the report dialog. */

export { fakeServer, json, type RecordedCall } from '../../../test/fake-server';
import { json } from '../../../test/fake-server';

export const page = (data: unknown[], nextCursor: string | null = null) =>
  json(200, { data, meta: { next_cursor: nextCursor, total: data.length } });

export const ada: UserSummary = { sid: 'u1abc', name: 'Ada Lovelace', display_name: 'ada', avatar_color: '#1565c0' };
export const grace: UserSummary = { sid: 'g1', name: 'Grace Hopper', display_name: 'grace', avatar_color: '#2e7d32' };
export const alan: UserSummary = { sid: 'a2', name: 'Alan Turing', display_name: 'alan', avatar_color: '#c62828' };

export function wireDiscussion(overrides: Partial<WireDiscussion> = {}): WireDiscussion {
  return {
    id: 'd1',
    title: 'Living with asthma',
    body: 'What helps you?',
    excerpt: 'What helps you?',
    summary: null,
    access_type: 'invite_only',
    owner: ada,
    article_id: null,
    mesh_terms: [],
    comments_count: 0,
    members_count: 1,
    upvotes_count: 0,
    upvoted: false,
    membership: 'owner',
    access_request: null,
    content_visible: true,
    last_activity_at: '2026-02-01T10:00:00.000Z',
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

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
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

export { wireUser };
