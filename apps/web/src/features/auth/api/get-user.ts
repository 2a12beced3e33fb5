import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User as WireUser } from '@wink/contracts';
import { USER_STALE_TIME_MS } from '../../../config';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type User = Camelized<WireUser>;

export const userKeys = { all: ['user'] as const };

export async function getUser(signal?: AbortSignal): Promise<User> {
  const response = await apiClient.get<{ data: WireUser }>('user', { signal });
  return response.data;
}

/** The signed-in person, cached 5 minutes (docs/rules.md). */
export function userQueryOptions() {
  return queryOptions({ queryKey: userKeys.all, queryFn: ({ signal }) => getUser(signal), staleTime: USER_STALE_TIME_MS });
}

/** Overrides for one caller, e.g. `enabled` only while signed in so a sign-out does not refetch. */
export type UserQueryOverrides = Partial<Pick<ReturnType<typeof userQueryOptions>, 'enabled' | 'meta'>>;

export function useUser(overrides: UserQueryOverrides = {}) {
  return useQuery({ ...userQueryOptions(), ...overrides });
}
