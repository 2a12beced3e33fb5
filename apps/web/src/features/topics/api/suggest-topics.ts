import { useQuery } from '@tanstack/react-query';
import type { TopicRef } from '@wink/contracts/topics';
import { apiClient } from '../../../lib/api-client';

/** The topics the server would give the draft as it stands: its article's major topics, else what its text maps to. */
export function useSuggestedTopics(draft: { title: string; body: string; articleId: string | null }, enabled: boolean) {
  const { title, body, articleId } = draft;
  return useQuery({
    queryKey: ['topics', 'suggestions', title, body, articleId],
    queryFn: ({ signal }) =>
      apiClient
        .post<{ data: TopicRef[] }>('topics/suggestions', { title, body, articleId: articleId ?? '' }, { signal })
        .then((r) => r.data),
    enabled: enabled && (articleId !== null || title.trim() !== '' || body.trim() !== ''),
    staleTime: Infinity,
    meta: { silent: true },
    placeholderData: (previous) => previous,
  });
}
