import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarColor } from '@wink/contracts/avatar-colors';
import type { User as WireUser } from '@wink/contracts/user';
import { apiClient } from '../../../lib/api-client';
import { userKeys, type User } from '../../auth';

export interface ProfileChanges {
  name?: string;
  displayName?: string;
  avatarColor?: AvatarColor;
}

export async function updateProfile(changes: ProfileChanges): Promise<User> {
  const response = await apiClient.patch<{ data: WireUser }>('user', { ...changes });
  return response.data;
}

/** Saves the profile; the form shows 422s under its fields, so only other failures reach the catalogue. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { silent: true },
    onSuccess: (user) => queryClient.setQueryData(userKeys.all, user),
  });
}
