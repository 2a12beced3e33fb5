import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationKind } from '@wink/contracts/notification-grid';
import type { User as WireUser } from '@wink/contracts/user';
import { apiClient } from '../../../lib/api-client';
import { camelCaseKey } from '../../../lib/case';
import { userKeys, type User } from '../../auth';

/** One switch of the settings page: a notification channel's column switch or the newsletter. */
export type SettingName = Exclude<keyof User['settings'], 'notificationGrid'> | 'newsletterSubscription';

/** One cell of the notification grid: a kind of event through one channel. */
export interface GridCell {
  kind: NotificationKind;
  channel: NotificationChannel;
}

/** Which setting: a switch or a grid cell. */
export type SettingKey = { name: SettingName } | { cell: GridCell };

/** A switch or a grid cell, and the value it is set to. */
export type SettingChange = SettingKey & { value: boolean };

export async function updateSetting(change: SettingChange): Promise<User> {
  const response =
    'cell' in change
      ? await apiClient.patch<{ data: WireUser }>(
          'user/settings',
          { notification_grid: { [change.cell.kind]: { [change.cell.channel]: change.value } } },
          { json: true },
        )
      : await apiClient.patch<{ data: WireUser }>('user/settings', { [change.name]: change.value });
  return response.data;
}

type Grid = Record<string, Record<string, boolean | undefined>>;
/** The grid as the client holds it: the wire's keys camelCased (access_requests → accessRequests). */
const gridOf = (user: User) => user.settings.notificationGrid as unknown as Grid;

export function readSetting(user: User, change: SettingKey): boolean {
  if ('cell' in change) return gridOf(user)[camelCaseKey(change.cell.kind)]?.[camelCaseKey(change.cell.channel)] ?? false;
  return change.name === 'newsletterSubscription' ? user.newsletterSubscription : user.settings[change.name];
}

function withSetting(user: User, change: SettingChange): User {
  if ('cell' in change) {
    const grid = gridOf(user);
    const kind = camelCaseKey(change.cell.kind);
    const notificationGrid = { ...grid, [kind]: { ...grid[kind], [camelCaseKey(change.cell.channel)]: change.value } };
    return {
      ...user,
      settings: { ...user.settings, notificationGrid: notificationGrid as unknown as User['settings']['notificationGrid'] },
    };
  }
  if (change.name === 'newsletterSubscription') return { ...user, newsletterSubscription: change.value };
  return { ...user, settings: { ...user.settings, [change.name]: change.value } };
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
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: userKeys.all });
      const user = queryClient.getQueryData<User>(userKeys.all);
      if (!user) return { previous: undefined };
      const previous = readSetting(user, change);
      queryClient.setQueryData<User>(userKeys.all, withSetting(user, change));
      return { previous };
    },
    onError: (_error, change, context) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<User>(userKeys.all, (user) => (user ? withSetting(user, { ...change, value: previous }) : user));
    },
    onSuccess: (user) => {
      // While another toggle is in flight this answer is already outdated; the last one to land wins.
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(userKeys.all, user);
    },
  });
}
