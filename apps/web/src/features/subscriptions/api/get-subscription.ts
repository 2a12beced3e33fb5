import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionState as WireSubscriptionState } from '@wink/contracts/billing';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';
import { subscriptionKeys } from './get-plans';

export type SubscriptionState = Camelized<WireSubscriptionState>;

export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionState> {
  const response = await apiClient.get<{ data: WireSubscriptionState }>('subscription', { signal });
  return response.data;
}

/** The plan in force and how it stands (renewal, cancellation, a waiting downgrade, a failed payment). */
export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: [...subscriptionKeys.all, 'current'] as const, queryFn: ({ signal }) => getSubscription(signal) });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
