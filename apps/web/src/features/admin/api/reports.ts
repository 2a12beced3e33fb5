import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminReportResponse, adminReportsResponse } from '@wink/contracts/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { adminKeys, type AdminReport, type ReportStatus } from './admin-keys';

export type AdminReportsPage = Camelized<z.infer<typeof adminReportsResponse>>;

export function getReports(status: ReportStatus, cursor: string | null, signal?: AbortSignal): Promise<AdminReportsPage> {
  return apiClient.get<z.infer<typeof adminReportsResponse>>('admin/reports', { params: { status, cursor }, signal });
}

export const reportsQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });

export const useReports = (status: ReportStatus) => useInfiniteQuery(reportsQueryOptions(status));

export type ReportAction = 'hide' | 'dismiss' | 'ban-author';

/** POST admin/reports/{id}/hide | dismiss | ban-author: each resolves the report. */
export async function actOnReport({ id, action }: { id: string; action: ReportAction }): Promise<AdminReport> {
  return (await apiClient.post<z.infer<typeof adminReportResponse>>(`admin/reports/${encodeURIComponent(id)}/${action}`)).data;
}

export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: actOnReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
