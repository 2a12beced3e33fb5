import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { upvoteResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { discussionKeys, type Discussion } from './discussion-keys';

export type UpvoteState = Camelized<z.infer<typeof upvoteResponse>>['data'];

/** POST adds my upvote, DELETE takes it back; both answer the new state. */
export async function setDiscussionUpvote(id: string, upvoted: boolean): Promise<UpvoteState> {
  const path = `discussions/${encodeURIComponent(id)}/upvote`;
  const response = upvoted
    ? await apiClient.post<z.infer<typeof upvoteResponse>>(path)
    : await apiClient.delete<z.infer<typeof upvoteResponse>>(path);
  return response.data;
}

/** Optimistic: the count moves at once, rolls back on failure and settles on the server's numbers. */
export function useToggleDiscussionUpvote(id: string) {
  const queryClient = useQueryClient();
  const key = discussionKeys.detail(id);
  return useMutation({
    mutationFn: (upvoted: boolean) => setDiscussionUpvote(id, upvoted),
    onMutate: async (upvoted) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Discussion>(key);
      if (previous && previous.upvoted !== upvoted) {
        queryClient.setQueryData<Discussion>(key, {
          ...previous,
          upvoted,
          upvotesCount: Math.max(0, previous.upvotesCount + (upvoted ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _upvoted, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<Discussion>(key, (current) => (current ? { ...current, ...state } : current));
    },
  });
}
