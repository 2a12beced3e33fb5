import type { Profile as WireProfile } from '@wink/contracts/people';
import type { User as WireUser } from '@wink/contracts/user';
import { createMemoryRouter } from 'react-router';
import { camelizeKeys } from '../../lib/case';
import { createQueryClient } from '../../lib/query-client';
import { renderRouter } from '../../test/render-router';
import { wireUser } from '../../test/wire-user';
import { userKeys } from '../auth';
import ProfileDiscussionsPage from './components/profile-discussions-page';
import ProfileFollowingsPage from './components/profile-followings-page';
import ProfileLayout from './components/profile-layout';
import ProfileRepliesPage from './components/profile-replies-page';
import ProfileUpvotesPage from './components/profile-upvotes-page';

/** Test-only: a fake API, wire fixtures and the profile routes as the app nests them. */

export { fakeServer, json, type RecordedCall } from '../../test/fake-server';

export { alan, countedPage as page, wireComment, wireDiscussion } from '../../test/wire-fixtures';

export function wireProfile(overrides: Partial<WireProfile> = {}): WireProfile {
  return {
    sid: 'g1',
    name: 'Grace Hopper',
    display_name: 'grace',
    avatar_color: '#2e7d32',
    joined_at: '2025-06-01T10:00:00.000Z',
    discussions_count: 3,
    followers_count: 1,
    followings_count: 2,
    followed: false,
    blocked: false,
    is_me: false,
    ...overrides,
  };
}

/** The profile layout and its four sections at `url`, with the signed-in person (sid u1abc) cached. */
export function renderProfile(url: string, { user = wireUser() }: { user?: WireUser } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.all, camelizeKeys(user));
  const router = createMemoryRouter(
    [
      {
        path: '/user-profile/:sid',
        element: <ProfileLayout />,
        children: [
          { path: 'discussions', element: <ProfileDiscussionsPage /> },
          { path: 'replies', element: <ProfileRepliesPage /> },
          { path: 'upvotes', element: <ProfileUpvotesPage /> },
          { path: 'followings', element: <ProfileFollowingsPage /> },
        ],
      },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [url] },
  );
  const view = renderRouter(router, queryClient, { appTheme: false });
  return { ...view, queryClient, router };
}

export { wireUser };
