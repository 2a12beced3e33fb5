import { useInfiniteQuery } from '@tanstack/react-query';
import type { ArticleCitation as WireArticleCitation } from '@wink/contracts/citations';
import type { ListMeta } from '@wink/contracts/common';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { discussionKeys } from './discussion-keys';

export type ArticleCitation = Camelized<WireArticleCitation>;

/** Where an article is cited (the drawer's Discussions tab), newest first, page by page. */
export function useArticleCitations(articleId: string) {
  return useInfiniteQuery({
    queryKey: [...discussionKeys.all, 'citing', articleId] as const,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<{ data: WireArticleCitation[]; meta: ListMeta }>(`articles/${encodeURIComponent(articleId)}/citations`, {
        params: { cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
    meta: { silent: true },
  });
}
