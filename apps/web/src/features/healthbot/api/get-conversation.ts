import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthbotConversationDetail as WireConversationDetail } from '@wink/contracts/healthbot';
import { apiClient } from '../../../lib/api-client';
import { conversationPath, healthbotKeys, type ConversationDetail } from './healthbot-keys';

export async function getConversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
  const response = await apiClient.get<{ data: WireConversationDetail }>(conversationPath(id), { signal });
  return response.data;
}

/** Silent: a conversation deleted in another tab is simply gone from the panel, not an error dialog. */
export function conversationQueryOptions(id: string) {
  return queryOptions({ queryKey: healthbotKeys.detail(id), queryFn: ({ signal }) => getConversation(id, signal), meta: { silent: true } });
}

export function useConversation(id: string | null) {
  return useQuery({ ...conversationQueryOptions(id ?? ''), enabled: id !== null });
}
