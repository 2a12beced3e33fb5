import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadMessages, type MessageArea } from '../lib/i18n';
import { optionalAuth, requireAuth, requireGuest } from './guards';
import { HOME_PATH, type RouteName } from '../lib/paths';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';

/** Every page is its own chunk; `handle.name` is the route's name (docs/product.md) (analytics page views). */
function page(
  name: RouteName,
  load: () => Promise<{ default: ComponentType }>,
  areas: MessageArea[] = [],
): Pick<RouteObject, 'lazy' | 'handle'> {
  return { ...layout(load, areas), handle: { name, areas } };
}

/**
 * A lazy component and the text areas it speaks, fetched side by side. `handle.areas` tells the server
 * renderer which text chunks a server-rendered page needs (entry-server.tsx).
 */
function layout(load: () => Promise<{ default: ComponentType }>, areas: MessageArea[] = []): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    handle: { areas },
    lazy: async () => {
      const [module] = await Promise.all([load(), loadMessages(...areas)]);
      return { Component: module.default };
    },
  };
}

/** The discussion and profile pages, each its own chunk, reached through one small module (app/community-pages.ts). */
const community = (name: keyof typeof import('./community-pages').communityPages) => () =>
  import('./community-pages').then(({ communityPages }) => communityPages[name]());
const COMMUNITY_AREAS: MessageArea[] = ['discussions', 'community'];

/** The admin console: one lazy chunk with its guard and its own sections (app/admin-pages.ts). */
const ADMIN_AREAS: MessageArea[] = ['admin'];

/** The collection pages the same way (app/collections-pages.ts says why). */
const collectionPages = (name: keyof typeof import('./collections-pages').collectionPages) => () =>
  import('./collections-pages').then((pages) => pages.collectionPages[name]());
const COLLECTION_AREAS: MessageArea[] = ['collections'];

/** `/` and `/user`-style parents redirect to a child, keeping the query (a shared search URL survives). */
const redirectTo =
  (target: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${target}${new URL(request.url).search}`);

export const routes: RouteObject[] = [
  {
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        id: 'main',
        loader: requireAuth,
        shouldRevalidate: () => false,
        ...layout(() => import('./layouts/main-layout')),
        children: [
          { index: true, loader: redirectTo(HOME_PATH) },
          { path: 'search', ...page('Search', () => import('../features/search/components/search-page'), ['pages']) },
          { path: 'about-app', ...page('AboutApp', () => import('../features/about/components/about-page'), ['user']) },
          { path: 'feedback', ...page('Feedback', () => import('../features/feedback/components/feedback-page'), ['user']) },
          {
            path: 'discussions',
            ...page('Discussions', community('DiscussionsPage'), COMMUNITY_AREAS),
          },
          {
            path: 'discussions/create-discussion',
            ...page('DiscussionsCreate', community('CreateDiscussionPage'), COMMUNITY_AREAS),
          },
          {
            path: 'discussions/:id',
            ...page('DiscussionsShow', community('DiscussionPage'), COMMUNITY_AREAS),
          },
          {
            path: 'discussions/:id/comments/:commentId',
            ...page('DiscussionsShowComment', community('CommentPage'), COMMUNITY_AREAS),
          },
          {
            path: 'discussions/:id/members',
            ...page('DiscussionsShowMembers', community('MembersPage'), COMMUNITY_AREAS),
          },
          {
            path: 'topics/:ui',
            ...page('TopicsShow', () => import('../features/topics/components/topic-page'), ['topics', ...COMMUNITY_AREAS]),
          },
          { path: 'collections', ...page('Collections', collectionPages('CollectionsPage'), COLLECTION_AREAS) },
          { path: 'collections/draft', ...page('CollectionsShowDraft', collectionPages('DraftCollectionPage'), COLLECTION_AREAS) },
          { path: 'collections/:id', ...page('CollectionsShow', collectionPages('CollectionPage'), COLLECTION_AREAS) },
          {
            path: 'admin/*',
            handle: { name: 'Admin' },
            lazy: async () => {
              const [pages] = await Promise.all([import('./admin-pages'), loadMessages(...ADMIN_AREAS)]);
              return { loader: pages.requireAdmin, Component: pages.AdminRoutes };
            },
          },
          {
            path: 'notifications',
            ...page('Notifications', () => import('../features/notifications/components/notifications-page'), ['notifications']),
          },
          {
            path: 'user',
            ...layout(() => import('../features/user/components/user-area-layout'), ['user']),
            children: [
              { index: true, loader: redirectTo('/user/account') },
              { path: 'account', ...page('UserAccount', () => import('../features/user/components/account-page'), ['user']) },
              {
                path: 'subscription',
                ...page('UserSubscription', () => import('../features/subscriptions/components/subscription-page'), [
                  'user',
                  'subscription',
                ]),
              },
              {
                path: 'blocked-users',
                ...page('UserBlockedUsers', () => import('../features/user/components/blocked-users-page'), ['user']),
              },
              { path: 'settings', ...page('UserSettings', () => import('../features/user/components/settings-page'), ['user']) },
            ],
          },
          {
            path: 'user-profile/:sid',
            ...layout(community('ProfileLayout'), COMMUNITY_AREAS),
            children: [
              { index: true, loader: ({ params }) => redirect(`/user-profile/${params.sid}/discussions`) },
              {
                path: 'discussions',
                ...page('UserProfileDiscussions', community('ProfileDiscussionsPage'), COMMUNITY_AREAS),
              },
              {
                path: 'replies',
                ...page('UserProfileReplies', community('ProfileRepliesPage'), COMMUNITY_AREAS),
              },
              {
                path: 'upvotes',
                ...page('UserProfileUpvotes', community('ProfileUpvotesPage'), COMMUNITY_AREAS),
              },
              {
                path: 'followings',
                ...page('UserProfileFollowings', community('ProfileFollowingsPage'), COMMUNITY_AREAS),
              },
            ],
          },
        ],
      },
      {
        loader: requireGuest,
        ...layout(() => import('./layouts/basic-layout')),
        children: [
          { path: 'sign-in', ...page('SignIn', () => import('../features/auth/components/sign-in-page'), ['auth']) },
          { path: 'register', ...page('Register', () => import('../features/auth/components/register-page'), ['auth']) },
          {
            path: 'forgot-password',
            ...page('ForgotPassword', () => import('../features/auth/components/forgot-password-page'), ['auth']),
          },
          {
            path: 'reset-password/:token',
            ...page('ResetPassword', () => import('../features/auth/components/reset-password-page'), ['auth']),
          },
        ],
      },
      {
        path: 'shared/:collectionHash',
        loader: optionalAuth,
        ...layout(() => import('./layouts/auth-aware-layout')),
        children: [
          {
            index: true,
            ...page('SharedCollection', collectionPages('SharedCollectionPage'), COLLECTION_AREAS),
          },
        ],
      },
      {
        ...layout(() => import('./layouts/basic-layout')),
        children: [{ path: '*', ...page('NotFound', () => import('./not-found-page'), ['pages']) }],
      },
    ],
  },
];
