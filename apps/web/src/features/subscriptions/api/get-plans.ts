import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan as WirePlan } from '@wink/contracts/plans';
import { PLANS_STALE_TIME_MS } from '../../../config';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type Plan = Camelized<WirePlan>;
export type PlanType = Plan['type'];

/** One key root for everything subscription-related; invalidate `subscriptionKeys.all` after a purchase. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
};

/** Cheapest first (docs/wire.md); a copy, so the cached array is never reordered in place. */
export function sortPlansByPrice(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.price.unitAmount - b.price.unitAmount);
}

export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const response = await apiClient.get<{ data: WirePlan[] }>('subscription/plans', { signal });
  return sortPlansByPrice(response.data);
}

/** The plans on offer, cached 5 minutes (docs/rules.md). Inactive plans stay in the data; the list hides them. */
export function plansQueryOptions() {
  return queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: ({ signal }) => getPlans(signal), staleTime: PLANS_STALE_TIME_MS });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
