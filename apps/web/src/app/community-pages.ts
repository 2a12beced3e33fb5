/**
 * The discussion and profile pages, each reached through this small module (like
 * collections-pages.ts). The entry then carries one preload list for all ten routes instead of one
 * per route, and each page still fetches only what it shows: the discussions list does without the
 * Markdown parser, the composer and the live connection that a discussion needs.
 */
export const communityPages = {
  CommentPage: () => import('../features/discussions/components/comment-page'),
  CreateDiscussionPage: () => import('../features/discussions/components/create-discussion-page'),
  DiscussionPage: () => import('../features/discussions/components/discussion-page'),
  DiscussionsPage: () => import('../features/discussions/components/discussions-page'),
  MembersPage: () => import('../features/discussions/components/members-page'),
  ProfileDiscussionsPage: () => import('../features/profiles/components/profile-discussions-page'),
  ProfileFollowingsPage: () => import('../features/profiles/components/profile-followings-page'),
  ProfileLayout: () => import('../features/profiles/components/profile-layout'),
  ProfileRepliesPage: () => import('../features/profiles/components/profile-replies-page'),
  ProfileUpvotesPage: () => import('../features/profiles/components/profile-upvotes-page'),
};
