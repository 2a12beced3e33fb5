/**
 * What other features use of discussions. The discussion form is not here: the discussion page and
 * the start-a-discussion dialog load it lazily, and a re-export would pull it into every importer.
 */
export { type Discussion } from './api/discussion-keys';
export { useArticleCitations, type ArticleCitation } from './api/get-article-citations';
export { discussionsQueryOptions, useDiscussions } from './api/get-discussions';
export { AccessBadge } from './components/access-badge';
export { DiscussionCard } from './components/discussion-card';
export type { StartDiscussionDialogProps } from './components/start-discussion-dialog';
