import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ArticleSourceValue, SearchResponse as WireSearchResponse } from '@wink/contracts/articles';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type SearchResponse = Camelized<WireSearchResponse>;
export type SearchHit = SearchResponse['data'][number];
export type SearchMapping = SearchResponse['meta']['mapping'][number];
export type SearchCorrection = NonNullable<SearchResponse['meta']['correction']>;
export type FacetCount = SearchResponse['meta']['facets']['source'][number];

/** What a search asks for: the term and the filters, all read from the URL. */
export interface SearchCriteria {
  q: string;
  source?: ArticleSourceValue;
  publicationType?: string;
  from?: string;
  to?: string;
  /** Search the words as typed: no spelling correction ("Search instead for …"). */
  verbatim?: boolean;
}

/** One key root for searching; the suggest key lives under it too. */
export const searchKeys = {
  all: ['search'] as const,
  results: (criteria: SearchCriteria) => [...searchKeys.all, 'results', criteria] as const,
  suggest: (q: string) => [...searchKeys.all, 'suggest', q] as const,
};

export function searchArticles(criteria: SearchCriteria, cursor: string | undefined, signal?: AbortSignal): Promise<SearchResponse> {
  const { verbatim, ...rest } = criteria;
  return apiClient.get<WireSearchResponse>('search', { params: { ...rest, verbatim: verbatim ? 'true' : undefined, cursor }, signal });
}

/** Pages of hits; the next page is asked for with the previous page's `next_cursor`. */
export function searchArticlesQueryOptions(criteria: SearchCriteria) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(criteria),
    queryFn: ({ pageParam, signal }) => searchArticles(criteria, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
    // A failed search shows its own error state with a retry button, not the global error notice.
    meta: { silent: true },
  });
}

export function useSearchArticles(criteria: SearchCriteria) {
  return useInfiniteQuery(searchArticlesQueryOptions(criteria));
}
