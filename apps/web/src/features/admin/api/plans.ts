import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminPlanResponse, adminPlansResponse, CreatePlanBody, UpdatePlanBody } from '@wink/contracts/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, type AdminPlan } from './admin-keys';

export async function getPlans(signal?: AbortSignal): Promise<AdminPlan[]> {
  return (await apiClient.get<z.infer<typeof adminPlansResponse>>('admin/plans', { signal })).data;
}

export const plansQueryOptions = () => queryOptions({ queryKey: adminKeys.plans(), queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());

export type SavePlanInput = { id: null; body: CreatePlanBody } | { id: string; body: UpdatePlanBody };

/** POST admin/plans or PATCH admin/plans/{id}; JSON, so an emptied features list stays a list. */
export async function savePlan(input: SavePlanInput): Promise<AdminPlan> {
  const res = input.id
    ? await apiClient.patch<z.infer<typeof adminPlanResponse>>(`admin/plans/${encodeURIComponent(input.id)}`, input.body, { json: true })
    : await apiClient.post<z.infer<typeof adminPlanResponse>>('admin/plans', input.body, { json: true });
  return res.data;
}

export function useSavePlan(options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    meta: { silent: options.silent ?? false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
