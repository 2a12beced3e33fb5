import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeshDescriptor as WireMeshDescriptor } from '@wink/contracts/articles';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type MeshDescriptor = Camelized<WireMeshDescriptor>;

export const meshKeys = {
  all: ['mesh'] as const,
  descriptor: (ui: string) => [...meshKeys.all, ui] as const,
};

export async function getMeshDescriptor(ui: string, signal?: AbortSignal): Promise<MeshDescriptor> {
  const response = await apiClient.get<{ data: WireMeshDescriptor }>(`mesh/${encodeURIComponent(ui)}`, { signal });
  return response.data;
}

/** The vocabulary is updated once a year: a descriptor fetched once stays good for the session. */
export function meshDescriptorQueryOptions(ui: string) {
  return queryOptions({
    queryKey: meshKeys.descriptor(ui),
    queryFn: ({ signal }) => getMeshDescriptor(ui, signal),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

export function useMeshDescriptor(ui: string, enabled: boolean) {
  return useQuery({ ...meshDescriptorQueryOptions(ui), enabled });
}
