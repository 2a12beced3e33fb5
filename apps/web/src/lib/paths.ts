/**
 * Every route of docs/product.md by its name, with a builder for its path. Components link through these,
 * never through retyped strings.
 */
export const paths = {
  Search: () => '/search',
  SignIn: () => '/sign-in',
  Register: () => '/register',
  ForgotPassword: () => '/forgot-password',
  ResetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  User: () => '/user',
  UserAccount: () => '/user/account',
  UserSubscription: () => '/user/subscription',
  UserBlockedUsers: () => '/user/blocked-users',
  UserSettings: () => '/user/settings',
  Feedback: () => '/feedback',
  AboutApp: () => '/about-app',
  Discussions: () => '/discussions',
  DiscussionsCreate: () => '/discussions/create-discussion',
  DiscussionsShow: (id: string | number) => `/discussions/${id}`,
  DiscussionsShowComment: (id: string | number, commentId: string | number) => `/discussions/${id}/comments/${commentId}`,
  DiscussionsShowMembers: (id: string | number) => `/discussions/${id}/members`,
  Collections: () => '/collections',
  CollectionsShow: (id: string | number) => `/collections/${id}`,
  CollectionsShowDraft: () => '/collections/draft',
  UserProfile: (sid: string) => `/user-profile/${sid}`,
  UserProfileDiscussions: (sid: string) => `/user-profile/${sid}/discussions`,
  UserProfileReplies: (sid: string) => `/user-profile/${sid}/replies`,
  UserProfileUpvotes: (sid: string) => `/user-profile/${sid}/upvotes`,
  UserProfileFollowings: (sid: string) => `/user-profile/${sid}/followings`,
  Notifications: () => '/notifications',
  SharedCollection: (hash: string) => `/shared/${hash}`,
  TopicsShow: (ui: string) => `/topics/${encodeURIComponent(ui)}`,
  Admin: () => '/admin',
} as const;

export type RouteName = keyof typeof paths | 'NotFound';

/** Home is the search page (docs/product.md). */
export const HOME_PATH = paths.Search();
