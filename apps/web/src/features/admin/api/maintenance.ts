import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminMaintenanceResponse } from '@wink/contracts/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, type AdminMaintenance } from './admin-keys';

type Wire = z.infer<typeof adminMaintenanceResponse>;

export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.maintenance(),
    queryFn: async ({ signal }) => (await apiClient.get<Wire>('admin/maintenance', { signal })).data,
  });

export const useMaintenance = () => useQuery(maintenanceQueryOptions());

/** POST admin/maintenance {retry_after} turns it on; DELETE turns it off. */
export async function setMaintenance(retryAfter: number | null): Promise<AdminMaintenance> {
  const res =
    retryAfter === null
      ? await apiClient.delete<Wire>('admin/maintenance')
      : await apiClient.post<Wire>('admin/maintenance', { retryAfter }, { json: true });
  return res.data;
}

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    meta: { silent: true },
    onSuccess: (state) => queryClient.setQueryData(adminKeys.maintenance(), state),
  });
}
