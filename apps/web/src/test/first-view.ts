import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { firstViewDataOf } from '../lib/first-view-data';
import { createQueryClient } from '../lib/query-client';

/**
 * Runs the first-view data the route components declare (lib/first-view-data.ts), side by side as the
 * server does before its one render, into `queryClient` (a fresh one by default); returns that cache.
 */
export async function runFirstViewData(
  components: unknown[],
  path: string,
  { params = {}, queryClient = createQueryClient() }: { params?: Params; queryClient?: QueryClient } = {},
): Promise<QueryClient> {
  const url = new URL(path, 'http://localhost');
  await Promise.all(
    components.map((component) => {
      const load = firstViewDataOf(component);
      if (!load) throw new Error('This component declares no first-view data');
      return load({ params, url, queryClient });
    }),
  );
  return queryClient;
}
