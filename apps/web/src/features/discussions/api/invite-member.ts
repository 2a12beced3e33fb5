import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshDiscussionPeople, type Member, type WireMember } from './get-members';

/** POST discussions/{id}/invites {sid}: the invitee becomes a member at once (docs/data.md). */
export async function inviteMember(id: string, sid: string): Promise<Member> {
  const response = await apiClient.post<{ data: WireMember }>(`discussions/${encodeURIComponent(id)}/invites`, { sid });
  return response.data;
}

export function useInviteMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => inviteMember(id, sid),
    // The invite box shows the server's 422 sentence beside the field, so no global notice.
    meta: { silent: true },
    onSuccess: () => refreshDiscussionPeople(queryClient, id),
  });
}
