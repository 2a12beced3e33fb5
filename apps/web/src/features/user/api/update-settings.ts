import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User as WireUser } from '@wink/contracts/user';
import { apiClient } from '../../../lib/api-client';
import { userKeys, type User } from '../../auth/api/get-user';

/** One switch of the settings page: a notification channel or the newsletter. */
export type SettingName = keyof User['settings'] | 'newsletterSubscription';

export interface SettingChange {
  name: SettingName;
  value: boolean;
}

export async function updateSetting({ name, value }: SettingChange): Promise<User> {
  const response = await apiClient.patch<{ data: WireUser }>('user/settings', { [name]: value });
  return response.data;
}

export function readSetting(user: User, name: SettingName): boolean {
  return name === 'newsletterSubscription' ? user.newsletterSubscription : user.settings[name];
}

function withSetting(user: User, name: SettingName, value: boolean): User {
  if (name === 'newsletterSubscription') return { ...user, newsletterSubscription: value };
  return { ...user, settings: { ...user.settings, [name]: value } };
}

const mutationKey = ['user', 'settings'] as const;

/**
 * Switches flip at once (optimistic) and flip back if the server says no. Only the switch that
 * failed is rolled back, so a quick second toggle of another switch is not undone with it.
 */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: updateSetting,
    onMutate: async ({ name, value }) => {
      await queryClient.cancelQueries({ queryKey: userKeys.all });
      const user = queryClient.getQueryData<User>(userKeys.all);
      if (!user) return { previous: undefined };
      const previous = readSetting(user, name);
      queryClient.setQueryData<User>(userKeys.all, withSetting(user, name, value));
      return { previous };
    },
    onError: (_error, { name }, context) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<User>(userKeys.all, (user) => (user ? withSetting(user, name, previous) : user));
    },
    onSuccess: (user) => {
      // While another toggle is in flight this answer is already outdated; the last one to land wins.
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(userKeys.all, user);
    },
  });
}
