import { lazyWithMessages } from './lazy-with-messages';
import type { StartDiscussionDialogProps } from '../../discussions';

/**
 * The search page's discussion parts behind one lazy import: the page's own chunk names this module
 * alone (not the dozens of chunks the form and the cards are made of), which keeps its first-render
 * JavaScript within budget. The toggle is small and comes along; results and the dialog, built from
 * the discussions feature, load from here when first shown, with the `discussions` text.
 */
export { default as SearchModeToggle } from './search-mode-toggle';

const Results = lazyWithMessages(() => import('../../discussions/components/discussion-search-results'), 'discussions');
const Dialog = lazyWithMessages(() => import('../../discussions/components/start-discussion-dialog'), 'discussions');

export function DiscussionSearchResults({ q }: { q: string }) {
  return <Results q={q} />;
}

export function StartDiscussionDialog(props: StartDiscussionDialogProps) {
  return <Dialog {...props} />;
}
