import type { ArticleSourceValue } from '@wink/contracts/articles';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchCriteria } from '../api/search-articles';
import { isTermTooLong } from '../components/search-box';

/**
 * The search page keeps its whole state in the URL (docs/product.md, docs/decisions.md) so reload, back and
 * forward and shared links restore the view: q (term), sri_id (selected result), mo (drawer open),
 * t (drawer tab), c_id (collection), dm (discussion model), qd (search discussions), vb (the words as
 * typed, without the spelling correction search would apply: "Search instead for …"). The filters
 * ride along under their API names (source, publication_type, from, to).
 */
export const searchUrlKeys = {
  term: 'q',
  selectedResult: 'sri_id',
  drawerOpen: 'mo',
  tab: 't',
  collectionId: 'c_id',
  discussionModel: 'dm',
  searchDiscussions: 'qd',
  verbatim: 'vb',
  source: 'source',
  publicationType: 'publication_type',
  from: 'from',
  to: 'to',
} as const;

export type SearchUrlField = keyof typeof searchUrlKeys;
export type SearchUrlPatch = Partial<Record<SearchUrlField, string | null>>;

export const drawerTabs = ['article', 'discussions', 'collections'] as const;
export type DrawerTab = (typeof drawerTabs)[number];

const sources: readonly ArticleSourceValue[] = ['pubmed', 'medlineplus', 'curated'];
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export interface SearchUrlState {
  q: string;
  selectedResultId: string | null;
  drawerOpen: boolean;
  tab: DrawerTab;
  collectionId: string | null;
  discussionModel: string | null;
  searchDiscussions: boolean;
  verbatim: boolean;
  source: ArticleSourceValue | undefined;
  publicationType: string | undefined;
  from: string | undefined;
  to: string | undefined;
}

/** Reads the URL leniently: a hand-edited or stale link falls back to defaults instead of breaking. */
export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const get = (field: SearchUrlField) => params.get(searchUrlKeys[field]);
  const tab = get('tab');
  const source = get('source');
  const from = get('from');
  const to = get('to');
  return {
    q: get('term') ?? '',
    selectedResultId: get('selectedResult') || null,
    drawerOpen: get('drawerOpen') === '1',
    tab: drawerTabs.includes(tab as DrawerTab) ? (tab as DrawerTab) : 'article',
    collectionId: get('collectionId') || null,
    discussionModel: get('discussionModel') || null,
    searchDiscussions: get('searchDiscussions') === '1',
    verbatim: get('verbatim') === '1',
    source: sources.includes(source as ArticleSourceValue) ? (source as ArticleSourceValue) : undefined,
    publicationType: get('publicationType') || undefined,
    from: from && isoDate.test(from) ? from : undefined,
    to: to && isoDate.test(to) ? to : undefined,
  };
}

/** The words searched: trimmed, and none when over the limit (a link can carry any length; the box says the limit). */
export function searchTermOf(state: SearchUrlState): string {
  return isTermTooLong(state.q) ? '' : state.q.trim();
}

/**
 * The article search the page shows for this state, or null when it shows none (no term, a term over
 * the limit, or the discussions searched instead). The page and its first-view data ask with the same
 * criteria, so the server's fetch is the page's query.
 */
export function searchCriteriaOf(state: SearchUrlState): SearchCriteria | null {
  const q = searchTermOf(state);
  if (state.searchDiscussions || !q) return null;
  return {
    q,
    source: state.source,
    publicationType: state.publicationType,
    from: state.from,
    to: state.to,
    verbatim: state.verbatim || undefined,
  };
}

/** Applies a patch to the URL's keys: null or '' removes a key; keys not named stay as they are. */
export function applySearchUrlPatch(current: URLSearchParams, patch: SearchUrlPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [field, value] of Object.entries(patch) as [SearchUrlField, string | null | undefined][]) {
    const key = searchUrlKeys[field];
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The page's state from the URL, and one way to change it (push by default, `replace` for in-between steps). */
export function useSearchParamsState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseSearchUrl(searchParams), [searchParams]);
  const update = useCallback(
    (patch: SearchUrlPatch, options: { replace?: boolean } = {}) => {
      setSearchParams((current) => applySearchUrlPatch(current, patch), { replace: options.replace ?? false });
    },
    [setSearchParams],
  );
  return [state, update] as const;
}
