import type { QueryClient } from '@tanstack/react-query';
import { withFirstViewData } from '../../../lib/first-view-data';
import { profileQueryOptions } from '../api/get-profile';

/**
 * A profile section's first-view data: its list, fetched only under a profile the layout shows (a
 * missing or blocking person shows no section). The profile is the layout's own fetch, joined while
 * under way, so the section waits for it without asking twice.
 */
export function withSectionData<T extends object>(section: T, fetchList: (queryClient: QueryClient, sid: string) => Promise<void>): T {
  return withFirstViewData(section, async ({ params, queryClient }) => {
    const sid = params.sid ?? '';
    const profile = await queryClient.fetchQuery(profileQueryOptions(sid)).catch(() => null);
    if (profile) await fetchList(queryClient, sid);
  });
}
