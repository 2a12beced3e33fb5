import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { appConfig } from '../config';
import { handleRequestError } from './errors/handle-request-error';

/**
 * Query defaults of seed §9: stale time from configuration, no refetch on window focus, no retries.
 * Every failed query and mutation goes through the error catalogue (seed §8), the same way.
 * A query or mutation can opt out with `meta: { silent: true }` when it reacts itself (the current-user
 * probe of the guards, for one).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) handleRequestError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) handleRequestError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: appConfig.queryStaleTime, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}
