import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { optionalAuth, requireAuth, requireGuest } from './guards';
import { HOME_PATH, type RouteName } from './paths';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';

/** Every page is its own chunk; `handle.name` is the seed's route name (analytics page views). */
function page(name: RouteName, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { handle: { name }, lazy: async () => ({ Component: (await load()).default }) };
}

function layout(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

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
          { path: 'search', ...page('Search', () => import('../features/search/components/search-page')) },
          { path: 'about-app', ...page('AboutApp', () => import('../features/about/components/about-page')) },
          { path: 'feedback', ...page('Feedback', () => import('../features/feedback/components/feedback-page')) },
          { path: 'discussions', ...page('Discussions', () => import('../features/discussions/components/discussions-page')) },
          {
            path: 'discussions/create-discussion',
            ...page('DiscussionsCreate', () => import('../features/discussions/components/create-discussion-page')),
          },
          { path: 'discussions/:id', ...page('DiscussionsShow', () => import('../features/discussions/components/discussion-page')) },
          {
            path: 'discussions/:id/comments/:commentId',
            ...page('DiscussionsShowComment', () => import('../features/discussions/components/comment-page')),
          },
          {
            path: 'discussions/:id/members',
            ...page('DiscussionsShowMembers', () => import('../features/discussions/components/members-page')),
          },
          { path: 'collections', ...page('Collections', () => import('../features/collections/components/collections-page')) },
          {
            path: 'collections/draft',
            ...page('CollectionsShowDraft', () => import('../features/collections/components/draft-collection-page')),
          },
          { path: 'collections/:id', ...page('CollectionsShow', () => import('../features/collections/components/collection-page')) },
          { path: 'notifications', ...page('Notifications', () => import('../features/notifications/components/notifications-page')) },
          {
            path: 'user',
            ...layout(() => import('../features/user/components/user-area-layout')),
            children: [
              { index: true, loader: redirectTo('/user/account') },
              { path: 'account', ...page('UserAccount', () => import('../features/user/components/account-page')) },
              { path: 'subscription', ...page('UserSubscription', () => import('../features/subscriptions/components/subscription-page')) },
              { path: 'blocked-users', ...page('UserBlockedUsers', () => import('../features/user/components/blocked-users-page')) },
              { path: 'settings', ...page('UserSettings', () => import('../features/user/components/settings-page')) },
            ],
          },
          {
            path: 'user-profile/:sid',
            ...layout(() => import('../features/profiles/components/profile-layout')),
            children: [
              { index: true, loader: ({ params }) => redirect(`/user-profile/${params.sid}/discussions`) },
              {
                path: 'discussions',
                ...page('UserProfileDiscussions', () => import('../features/profiles/components/profile-discussions-page')),
              },
              { path: 'replies', ...page('UserProfileReplies', () => import('../features/profiles/components/profile-replies-page')) },
              { path: 'upvotes', ...page('UserProfileUpvotes', () => import('../features/profiles/components/profile-upvotes-page')) },
              {
                path: 'followings',
                ...page('UserProfileFollowings', () => import('../features/profiles/components/profile-followings-page')),
              },
            ],
          },
        ],
      },
      {
        loader: requireGuest,
        ...layout(() => import('./layouts/basic-layout')),
        children: [
          { path: 'sign-in', ...page('SignIn', () => import('../features/auth/components/sign-in-page')) },
          { path: 'register', ...page('Register', () => import('../features/auth/components/register-page')) },
          { path: 'forgot-password', ...page('ForgotPassword', () => import('../features/auth/components/forgot-password-page')) },
          { path: 'reset-password/:token', ...page('ResetPassword', () => import('../features/auth/components/reset-password-page')) },
        ],
      },
      {
        path: 'shared/:collectionHash',
        loader: optionalAuth,
        ...layout(() => import('./layouts/auth-aware-layout')),
        children: [{ index: true, ...page('SharedCollection', () => import('../features/collections/components/shared-collection-page')) }],
      },
      {
        ...layout(() => import('./layouts/basic-layout')),
        children: [{ path: '*', ...page('NotFound', () => import('./not-found-page')) }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
