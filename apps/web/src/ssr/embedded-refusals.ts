/**
 * A plan's refusal (a 403 naming the plan it needs) is a page's own state: the plan panel, not a
 * failure. The server keeps such a query in the first view's data (entry-server.tsx), so its HTML
 * already shows the panel; the client takes the refusal back as the ApiError the pages read
 * (planDecisionOf) and holds it through hydration: a refused query would otherwise be fetched again on
 * mount and render loading, which does not match the server's HTML. Once hydrated, the queries behave
 * as before.
 */
import type { DehydratedState, QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** An ApiError as JSON carries it (the response headers stay behind). */
interface PlainApiError {
  name: 'ApiError';
  status: number;
  statusText: string;
  data: ApiError['data'];
}

type DehydratedQuery = DehydratedState['queries'][number];

/** The query with `error` as its error (an ApiError, or its plain form while it travels as JSON). */
function withError(query: DehydratedQuery, error: ApiError | PlainApiError): DehydratedQuery {
  const asError = error as Error;
  return { ...query, state: { ...query.state, error: asError, fetchFailureReason: asError } };
}

/** On the server: the refusals in `state` as plain JSON. */
export function plainRefusals(state: DehydratedState): DehydratedState {
  const plain = ({ status, statusText, data }: ApiError): PlainApiError => ({ name: 'ApiError', status, statusText, data });
  return {
    ...state,
    queries: state.queries.map((query) => (query.state.error instanceof ApiError ? withError(query, plain(query.state.error)) : query)),
  };
}

/**
 * In the browser, before hydrating: the embedded refusals as ApiErrors again, kept from refetching on
 * mount until `release` (called once the hydrated tree has committed).
 */
export function takeBackRefusals(client: QueryClient, state: DehydratedState): { state: DehydratedState; release: () => void } {
  const held: QueryKey[] = [];
  const queries = state.queries.map((query) => {
    const error = query.state.error as PlainApiError | null | undefined;
    if (error?.name !== 'ApiError') return query;
    held.push(query.queryKey);
    return withError(query, new ApiError(error.status, error.statusText, error.data, new Headers()));
  });
  for (const key of held) client.setQueryDefaults(key, { retryOnMount: false });
  return {
    state: { ...state, queries },
    release: () => {
      for (const key of held) client.setQueryDefaults(key, {});
    },
  };
}
