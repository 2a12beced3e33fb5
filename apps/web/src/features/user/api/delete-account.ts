import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function deleteAccount(password: string): Promise<void> {
  await apiClient.delete<null>('user', { password });
}

/** A wrong password is a 422 the dialog shows under its field; other failures go to the catalogue. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { silent: true } });
}
