import type { QueryClient } from '@tanstack/react-query';

/**
 * What belongs to one person's page while the server renders it (src/entry-server.tsx): the query
 * cache, who is looking, and the way to the API with their cookies. In the browser there is one
 * person and none of this is set; on the server many pages render at once, so the modules that keep
 * such state for the browser (query-client, auth-status, api-client) ask here first and never share
 * it between people.
 */
export interface RequestScope {
  queryClient: QueryClient;
  authStatus: 'unknown' | 'signed-in' | 'signed-out';
  fetch: typeof fetch;
  /** The origin the person asked (scheme, host and port), for absolute links such as a shared collection's. */
  origin: string;
}

let currentScope: () => RequestScope | undefined = () => undefined;

/** The server renderer's source of the scope of the page being rendered (an AsyncLocalStorage). */
export function setRequestScopeSource(source: () => RequestScope | undefined): void {
  currentScope = source;
}

export function requestScope(): RequestScope | undefined {
  return currentScope();
}
