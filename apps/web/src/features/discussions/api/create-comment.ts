import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment as WireComment } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import { patchCommentEverywhere } from './comment-cache';
import { discussionKeys, type Comment, type Discussion } from './discussion-keys';
import { firstSighting } from './live-comments';

export interface CreateCommentInput {
  body: string;
  parentId?: string | null;
}

export async function createComment(discussionId: string, input: CreateCommentInput): Promise<Comment> {
  const response = await apiClient.post<{ data: WireComment }>(`discussions/${encodeURIComponent(discussionId)}/comments`, {
    body: input.body,
    parentId: input.parentId ?? '',
  });
  return response.data;
}

/**
 * A new comment or reply. The lists it belongs to refetch (they are cursor pages: splicing it in by
 * hand would skew the cursors), and the counters the person sees move at once. Silent: the box
 * shows a 422 sentence under itself.
 */
export function useCreateComment(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCommentInput) => createComment(discussionId, input),
    meta: { silent: true },
    onSuccess: (comment) => {
      // The socket may have brought it (and moved the counters) already.
      const count = firstSighting(comment.id);
      if (comment.parentId) {
        if (count)
          patchCommentEverywhere(queryClient, discussionId, comment.parentId, (parent) => ({
            ...parent,
            repliesCount: parent.repliesCount + 1,
          }));
        void queryClient.invalidateQueries({ queryKey: discussionKeys.replies(discussionId, comment.parentId) });
        void queryClient.invalidateQueries({ queryKey: discussionKeys.thread(discussionId, comment.parentId) });
      } else {
        void queryClient.invalidateQueries({ queryKey: discussionKeys.topLevel(discussionId) });
      }
      if (!count) return;
      queryClient.setQueryData<Discussion>(discussionKeys.detail(discussionId), (current) =>
        current ? { ...current, commentsCount: current.commentsCount + 1 } : current,
      );
    },
  });
}
