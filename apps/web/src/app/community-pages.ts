/**
 * The discussion and profile pages, loaded together through one import (vite.config.ts's `community`
 * chunk): the entry then carries one preload list for all ten routes instead of one per route.
 */
export { default as CommentPage } from '../features/discussions/components/comment-page';
export { default as CreateDiscussionPage } from '../features/discussions/components/create-discussion-page';
export { default as DiscussionPage } from '../features/discussions/components/discussion-page';
export { default as DiscussionsPage } from '../features/discussions/components/discussions-page';
export { default as MembersPage } from '../features/discussions/components/members-page';
export { default as ProfileDiscussionsPage } from '../features/profiles/components/profile-discussions-page';
export { default as ProfileFollowingsPage } from '../features/profiles/components/profile-followings-page';
export { default as ProfileLayout } from '../features/profiles/components/profile-layout';
export { default as ProfileRepliesPage } from '../features/profiles/components/profile-replies-page';
export { default as ProfileUpvotesPage } from '../features/profiles/components/profile-upvotes-page';
