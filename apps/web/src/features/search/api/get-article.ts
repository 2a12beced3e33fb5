import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article as WireArticle } from '@wink/contracts/articles';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type Article = Camelized<WireArticle>;

export const articleKeys = {
  all: ['articles'] as const,
  detail: (id: string) => [...articleKeys.all, id] as const,
};

export async function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  const response = await apiClient.get<{ data: WireArticle }>(`articles/${encodeURIComponent(id)}`, { signal });
  return response.data;
}

/** Articles change rarely; the drawer shows its own error state, so failures stay silent. */
export function articleQueryOptions(id: string) {
  return queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => getArticle(id, signal),
    staleTime: 300_000,
    meta: { silent: true },
  });
}

export function useArticle(id: string) {
  return useQuery(articleQueryOptions(id));
}
