/**
 * What other features use of discussions: the discussion card, the list's query (search's first view of
 * its discussion results), and the props of the start-a-discussion
 * dialog, which search loads lazily by its path (as it does the article's discussions tab and the
 * discussion results). Only light modules belong here: whatever this names lands in every importer's chunk.
 */
export { discussionsQueryOptions } from './api/get-discussions';
export { DiscussionCard } from './components/discussion-card';
export type { StartDiscussionDialogProps } from './components/start-discussion-dialog';
