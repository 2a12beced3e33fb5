import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateDiscussionBody, DiscussionDetail as WireDiscussionDetail } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { topicsField } from './create-discussion';
import { discussionKeys, type DiscussionDetail } from './discussion-keys';

export type UpdateDiscussionInput = Omit<Camelized<UpdateDiscussionBody>, 'meshTerms'> & { meshTerms?: string[] };

export async function updateDiscussion(id: string, input: UpdateDiscussionInput): Promise<DiscussionDetail> {
  const response = await apiClient.patch<{ data: WireDiscussionDetail }>(`discussions/${encodeURIComponent(id)}`, {
    ...input,
    ...topicsField(input.meshTerms),
  });
  return response.data;
}

/** Silent: the edit form shows 422 sentences under its fields. */
export function useUpdateDiscussion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDiscussionInput) => updateDiscussion(id, input),
    meta: { silent: true },
    onSuccess: (discussion) => {
      queryClient.setQueryData(discussionKeys.detail(id), discussion);
      void queryClient.invalidateQueries({ queryKey: discussionKeys.lists() });
    },
  });
}
