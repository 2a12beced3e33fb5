import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestion as WireSuggestion } from '@wink/contracts/articles';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { searchKeys } from './search-articles';

export type Suggestion = Camelized<WireSuggestion>;

export async function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const response = await apiClient.get<{ data: WireSuggestion[] }>('search/suggest', { params: { q }, signal });
  return response.data;
}

/** MeSH names and entry terms starting like the typed text; the vocabulary changes rarely. */
export function suggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled: q.trim().length >= 2,
    staleTime: 300_000,
    meta: { silent: true },
  });
}

export function useSuggestions(q: string) {
  return useQuery(suggestionsQueryOptions(q));
}
