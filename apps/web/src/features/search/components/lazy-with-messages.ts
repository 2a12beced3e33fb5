import { lazy, type ComponentType } from 'react';
import { loadMessages } from '../../../lib/i18n';

/**
 * React.lazy for the parts of the search page that are not on first paint, loading the `search`
 * message area alongside: the area is not a route area, so the heading, box and intro (which use
 * `pages` keys) stay within the 180 KB first-render budget.
 */
export function lazyWithMessages<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => Promise.all([load(), loadMessages('search')]).then(([module]) => module));
}
