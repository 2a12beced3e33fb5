import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminStatsResponse } from '@wink/contracts/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, type AdminStats } from './admin-keys';

export async function getStats(days: number, signal?: AbortSignal): Promise<AdminStats> {
  return (await apiClient.get<z.infer<typeof adminStatsResponse>>('admin/stats', { params: { days }, signal })).data;
}

export const statsQueryOptions = (days: number) =>
  queryOptions({ queryKey: adminKeys.stats(days), queryFn: ({ signal }) => getStats(days, signal) });

export function useStats(days: number) {
  return useQuery({ ...statsQueryOptions(days), placeholderData: (previous) => previous });
}
