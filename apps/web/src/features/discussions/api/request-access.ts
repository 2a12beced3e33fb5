import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { accessRequestResponse } from '@wink/contracts/discussions';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { discussionKeys, type Discussion } from './discussion-keys';

export type AccessRequest = Camelized<z.infer<typeof accessRequestResponse>>['data'];

export async function requestAccess(discussionId: string): Promise<AccessRequest> {
  const response = await apiClient.post<z.infer<typeof accessRequestResponse>>(
    `discussions/${encodeURIComponent(discussionId)}/access-requests`,
  );
  return response.data;
}

/** Asks an invite-only discussion's owner to let me in; the page then shows the request as pending. */
export function useRequestAccess(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestAccess(discussionId),
    onSuccess: (request) => {
      queryClient.setQueryData<Discussion>(discussionKeys.detail(discussionId), (current) =>
        current ? { ...current, accessRequest: request.status } : current,
      );
    },
  });
}
