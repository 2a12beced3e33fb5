import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { Comment as WireComment, DiscussionDetail as WireDiscussionDetail } from '@wink/contracts/discussions';
import { markdownToHtml } from '@wink/contracts/markdown';
import type { UserSummary } from '@wink/contracts/profile';
import type { User as WireUser } from '@wink/contracts/user';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { theme } from '../app/theme';
import { userKeys } from '../features/auth';
import SubscriptionDialog from '../features/subscriptions/components/subscription-dialog';
import { camelizeKeys } from '../lib/case';
import { closeDialog, useOpenDialog } from '../lib/dialogs';
import { createQueryClient } from '../lib/query-client';
import { wireUser } from './wire-user';

/**
 * Test-only: a fake API, wire fixtures (people, discussions, comments) and a render wrapper with the
 * app's providers, used by the tests of every feature whose pages show discussions or people.
 */

// These pages mount many MUI parts; on a busy machine a file's first render alone can pass the default
// one-second wait of findBy*, which then fails for no reason a person would notice.
configure({ asyncUtilTimeout: 4000 });

export { fakeServer, json, type RecordedCall } from './fake-server';
import { json } from './fake-server';

export const listPage = (data: unknown[], nextCursor: string | null = null) =>
  json(200, { data, meta: { next_cursor: nextCursor, total: null } });

export const ada: UserSummary = { sid: 'u1abc', name: 'Ada Lovelace', display_name: 'ada', avatar_color: '#1565c0' };
export const grace: UserSummary = { sid: 'g1', name: 'Grace Hopper', display_name: 'grace', avatar_color: '#2e7d32' };

/** A discussion as its own page gets it (lists get the same without `body_html`), rendered as the server does. */
export function wireDiscussion(overrides: Partial<WireDiscussionDetail> = {}): WireDiscussionDetail {
  const discussion: Omit<WireDiscussionDetail, 'body_html'> = {
    id: 'd1',
    title: 'Living with asthma',
    body: 'What **helps** you?',
    excerpt: 'What helps you?',
    summary: null,
    access_type: 'public',
    owner: grace,
    article_id: null,
    mesh_terms: [],
    comments_count: 0,
    members_count: 1,
    upvotes_count: 0,
    upvoted: false,
    membership: null,
    access_request: null,
    content_visible: true,
    last_activity_at: '2026-02-01T10:00:00.000Z',
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    citations: [],
    ...overrides,
  };
  return { ...discussion, body_html: overrides.body_html ?? (discussion.body === null ? null : markdownToHtml(discussion.body)) };
}

export function wireComment(overrides: Partial<WireComment> = {}): WireComment {
  return {
    id: 'c1',
    discussion_id: 'd1',
    parent_id: null,
    body: 'An inhaler before running.',
    author: grace,
    replies_count: 0,
    upvotes_count: 0,
    upvoted: false,
    followed: false,
    edited_at: null,
    deleted: false,
    created_at: '2026-02-01T11:00:00.000Z',
    citations: [],
    ...overrides,
  };
}

export const READER = wireUser({ subscription: 'reader_subscription', trial_ends_at: null });

/** The app's dialog host, reduced to the subscription dialog the permission gate opens. */
function SubscriptionDialogHost() {
  const dialog = useOpenDialog();
  if (dialog?.kind !== 'subscription') return null;
  return <SubscriptionDialog ability={dialog.ability} leaderOnly={dialog.leaderOnly} onClose={() => closeDialog('subscription')} />;
}

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Renders `element` at `url` (route `path`) with a fresh query client and the signed-in person already cached. */
export function renderRoute(element: ReactElement, { path, url, user = wireUser() }: { path: string; url: string; user?: WireUser }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.all, camelizeKeys(user));
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <SubscriptionDialogHost />
          </>
        ),
      },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <ThemeProvider theme={theme} defaultMode="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, queryClient, router, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}
