import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { patchCommentEverywhere } from './comment-cache';
import { discussionKeys } from './discussion-keys';

export async function deleteComment(commentId: string): Promise<void> {
  await apiClient.delete(`comments/${encodeURIComponent(commentId)}`);
}

/** A deleted comment keeps its place (and its replies) as a placeholder, as the server keeps it. */
export function useDeleteComment(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (_nothing, commentId) => {
      patchCommentEverywhere(queryClient, discussionId, commentId, (comment) => ({
        ...comment,
        body: null,
        author: null,
        deleted: true,
        upvoted: false,
        followed: false,
      }));
      void queryClient.invalidateQueries({ queryKey: discussionKeys.detail(discussionId), exact: true });
    },
  });
}
