import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDiscussionBody, DiscussionDetail as WireDiscussionDetail } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import { discussionKeys, type DiscussionDetail } from './discussion-keys';

export interface CreateDiscussionInput {
  title: string;
  body: string;
  accessType: CreateDiscussionBody['access_type'];
  /** The public summary of an invite-only discussion; null or absent for none. */
  summary?: string | null;
  articleId?: string | null;
  /** The owner's choice of topics (descriptor UIs); absent, the server gives the suggested ones. */
  meshTerms?: string[];
}

/** A form cannot carry an empty list, so "no topics" goes as an empty value (the server reads it as none). */
export const topicsField = (meshTerms: string[] | undefined) =>
  meshTerms === undefined ? {} : { meshTerms: meshTerms.length ? meshTerms : '' };

export async function createDiscussion(input: CreateDiscussionInput): Promise<DiscussionDetail> {
  const response = await apiClient.post<{ data: WireDiscussionDetail }>('discussions', {
    ...input,
    articleId: input.articleId ?? '',
    ...topicsField(input.meshTerms),
  });
  return response.data;
}

/** Silent: the form shows 422 sentences under its fields; other failures still reach the catalogue via onError. */
export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscussion,
    meta: { silent: true },
    onSuccess: (discussion) => {
      queryClient.setQueryData(discussionKeys.detail(discussion.id), discussion);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists() });
    },
  });
}
