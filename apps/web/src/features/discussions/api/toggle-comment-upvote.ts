import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { upvoteResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { patchCommentEverywhere, restoreComments, snapshotComments } from './comment-cache';
import type { UpvoteState } from './toggle-discussion-upvote';

export async function setCommentUpvote(commentId: string, upvoted: boolean): Promise<UpvoteState> {
  const path = `comments/${encodeURIComponent(commentId)}/upvote`;
  const response = upvoted
    ? await apiClient.post<z.infer<typeof upvoteResponse>>(path)
    : await apiClient.delete<z.infer<typeof upvoteResponse>>(path);
  return response.data;
}

/** Optimistic in every view of the comment; rolled back on failure, settled on the server's count. */
export function useToggleCommentUpvote(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, upvoted }: { commentId: string; upvoted: boolean }) => setCommentUpvote(commentId, upvoted),
    onMutate: ({ commentId, upvoted }) => {
      const snapshot = snapshotComments(queryClient, discussionId);
      patchCommentEverywhere(queryClient, discussionId, commentId, (comment) =>
        comment.upvoted === upvoted
          ? comment
          : { ...comment, upvoted, upvotesCount: Math.max(0, comment.upvotesCount + (upvoted ? 1 : -1)) },
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      if (context) restoreComments(queryClient, context.snapshot);
    },
    onSuccess: (state, { commentId }) => {
      patchCommentEverywhere(queryClient, discussionId, commentId, (comment) => ({ ...comment, ...state }));
    },
  });
}
