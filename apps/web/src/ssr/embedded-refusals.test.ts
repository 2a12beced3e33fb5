import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { planDecisionOf } from '../features/subscriptions';
import { ApiError } from '../lib/api-client';
import { plainRefusals, takeBackRefusals } from './embedded-refusals';

const key = ['discussions', 'list', { scope: 'all' }];

/** A server-side cache holding a plan's refusal, dehydrated and sent as JSON, as entry-server.tsx does. */
async function embeddedRefusal() {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const refusal = new ApiError(
    403,
    'Forbidden',
    { message: 'Your plan does not include reading.', requiredPlan: 'reader_subscription' },
    new Headers(),
  );
  await server.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(refusal) });
  const state = dehydrate(server, { shouldDehydrateQuery: (query) => query.state.status === 'error' });
  return JSON.parse(JSON.stringify(plainRefusals(state))) as ReturnType<typeof dehydrate>;
}

describe('a plan refusal in the first view', () => {
  it('arrives as the ApiError the pages read, naming the plan needed', async () => {
    const browser = new QueryClient();
    const { state } = takeBackRefusals(browser, await embeddedRefusal());
    const error = state.queries[0]!.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(planDecisionOf(error)).toEqual({ ability: 'read' });
  });

  it('is not fetched again on mount while the page hydrates, and is once hydrated', async () => {
    const browser = new QueryClient();
    const { release } = takeBackRefusals(browser, await embeddedRefusal());
    expect(browser.getQueryDefaults(key).retryOnMount).toBe(false);
    release();
    expect(browser.getQueryDefaults(key).retryOnMount).toBeUndefined();
  });
});
