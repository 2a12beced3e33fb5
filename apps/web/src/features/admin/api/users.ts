import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminUserDetailResponse, adminUserResponse, adminUsersResponse } from '@wink/contracts/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { adminKeys, type AdminUser } from './admin-keys';

export type AdminUsersPage = Camelized<z.infer<typeof adminUsersResponse>>;
export type AdminUserDetail = Camelized<z.infer<typeof adminUserDetailResponse>>['data'];

export function getUsers(q: string, cursor: string | null, signal?: AbortSignal): Promise<AdminUsersPage> {
  return apiClient.get<z.infer<typeof adminUsersResponse>>('admin/users', { params: { q, cursor }, signal });
}

export const usersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) => getUsers(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });

export const useUsers = (q: string) => useInfiniteQuery({ ...usersQueryOptions(q), placeholderData: (previous) => previous });

export const userQueryOptions = (sid: string) =>
  queryOptions({
    queryKey: adminKeys.user(sid),
    queryFn: async ({ signal }) =>
      (await apiClient.get<z.infer<typeof adminUserDetailResponse>>(`admin/users/${encodeURIComponent(sid)}`, { signal })).data,
  });

export const useAdminUser = (sid: string) => useQuery(userQueryOptions(sid));

export type UserAction = { sid: string; action: 'ban' | 'unban' } | { sid: string; action: 'plan'; planId: string | null };

/** POST admin/users/{sid}/ban | unban, PUT admin/users/{sid}/plan. */
export async function actOnUser(input: UserAction): Promise<AdminUser> {
  const base = `admin/users/${encodeURIComponent(input.sid)}`;
  const res =
    input.action === 'plan'
      ? await apiClient.put<z.infer<typeof adminUserResponse>>(`${base}/plan`, { planId: input.planId }, { json: true })
      : await apiClient.post<z.infer<typeof adminUserResponse>>(`${base}/${input.action}`);
  return res.data;
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: actOnUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
