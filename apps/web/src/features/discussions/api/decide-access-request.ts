import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AccessRequest, WireAccessRequest } from './get-access-requests';
import { refreshDiscussionPeople } from './get-members';

export type AccessDecision = 'accept' | 'reject';

/** POST discussions/{id}/access-requests/{rid}/accept | reject. */
export async function decideAccessRequest(id: string, rid: string, decision: AccessDecision): Promise<AccessRequest> {
  const response = await apiClient.post<{ data: WireAccessRequest }>(
    `discussions/${encodeURIComponent(id)}/access-requests/${encodeURIComponent(rid)}/${decision}`,
  );
  return response.data;
}

export function useDecideAccessRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: AccessRequest; decision: AccessDecision }) =>
      decideAccessRequest(id, request.id, decision),
    // Both lists change: the request leaves the queue and, when accepted, its person joins the members.
    onSuccess: () => refreshDiscussionPeople(queryClient, id),
  });
}
