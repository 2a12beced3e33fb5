import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment as WireComment } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import { patchCommentEverywhere } from './comment-cache';
import type { Comment } from './discussion-keys';

export async function updateComment(commentId: string, body: string): Promise<Comment> {
  const response = await apiClient.patch<{ data: WireComment }>(`comments/${encodeURIComponent(commentId)}`, { body });
  return response.data;
}

/** Silent: the inline editor shows a 422 sentence under itself. */
export function useUpdateComment(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) => updateComment(commentId, body),
    meta: { silent: true },
    onSuccess: (updated) => {
      // Keep the counters and my own flags this view already has; the edit changes body and edited_at.
      patchCommentEverywhere(queryClient, discussionId, updated.id, (comment) => ({
        ...comment,
        body: updated.body,
        editedAt: updated.editedAt,
      }));
    },
  });
}
