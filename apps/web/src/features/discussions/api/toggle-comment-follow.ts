import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { followResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { patchCommentEverywhere } from './comment-cache';

export async function setCommentFollow(commentId: string, followed: boolean): Promise<boolean> {
  const path = `comments/${encodeURIComponent(commentId)}/follow`;
  const response = followed
    ? await apiClient.post<z.infer<typeof followResponse>>(path)
    : await apiClient.delete<z.infer<typeof followResponse>>(path);
  return response.data.followed;
}

/** Following a thread means a notification for each new reply under it. */
export function useToggleCommentFollow(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, followed }: { commentId: string; followed: boolean }) => setCommentFollow(commentId, followed),
    onSuccess: (followed, { commentId }) => {
      patchCommentEverywhere(queryClient, discussionId, commentId, (comment) => ({ ...comment, followed }));
    },
  });
}
