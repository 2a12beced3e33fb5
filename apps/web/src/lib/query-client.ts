import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { appConfig } from '../config';
import { handleRequestError, onSignedOut } from './errors/handle-request-error';
import { requestScope } from './request-scope';

/**
 * Query defaults of docs/rules.md: stale time from configuration, no refetch on window focus, no retries.
 * Every failed query and mutation goes through the error catalogue (docs/wire.md), the same way.
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

/**
 * On the server each page has a query cache of its own (lib/request-scope.ts); the modules that import
 * `queryClient` (the guards, mutations) reach it through this stand-in, which forwards every use to
 * the cache of the page being rendered.
 */
function requestScopedClient(): QueryClient {
  return new Proxy({} as QueryClient, {
    get(_target, key) {
      const client = requestScope()?.queryClient;
      if (!client) throw new Error('The query client was used outside a page being rendered on the server.');
      const value: unknown = Reflect.get(client, key, client);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
}

export const queryClient = import.meta.env.SSR ? requestScopedClient() : createQueryClient();
onSignedOut(() => queryClient.removeQueries({ queryKey: ['user'] }));

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}
