import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { conversationPath, healthbotKeys } from './healthbot-keys';

export async function deleteConversation(id: string): Promise<void> {
  await apiClient.delete(conversationPath(id));
}

export async function deleteAllConversations(): Promise<void> {
  await apiClient.delete('healthbot/conversations');
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: healthbotKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: healthbotKeys.lists() });
    },
  });
}

export function useDeleteAllConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllConversations,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...healthbotKeys.all, 'detail'] });
      void queryClient.resetQueries({ queryKey: healthbotKeys.lists() });
    },
  });
}
