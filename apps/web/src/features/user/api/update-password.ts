import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export async function updatePassword(change: PasswordChange): Promise<void> {
  await apiClient.patch<{ message: string }>('user/password', { ...change });
}

/** 422s (wrong current password, too short, no match) are shown under the fields by the form. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, meta: { silent: true } });
}
