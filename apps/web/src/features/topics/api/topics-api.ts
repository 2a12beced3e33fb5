import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { discussionsResponse } from '@wink/contracts/discussions';
import type { Topic as WireTopic, topicFollowResponse } from '@wink/contracts/topics';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { Camelized } from '../../../lib/case';

export type Topic = Camelized<WireTopic>;
export type TopicDiscussionsPage = Camelized<z.infer<typeof discussionsResponse>>;
type FollowState = Camelized<z.infer<typeof topicFollowResponse>>['data'];

export const topicKeys = {
  all: ['topics'] as const,
  detail: (ui: string) => [...topicKeys.all, ui] as const,
  discussions: (ui: string) => [...topicKeys.detail(ui), 'discussions'] as const,
};

const topicPath = (ui: string) => `topics/${encodeURIComponent(ui)}`;

export function topicQueryOptions(ui: string) {
  return queryOptions({
    queryKey: topicKeys.detail(ui),
    queryFn: ({ signal }) => apiClient.get<{ data: WireTopic }>(topicPath(ui), { signal }).then((r) => r.data),
  });
}

export const useTopic = (ui: string) => useQuery(topicQueryOptions(ui));

/** The public and invite-only discussions tagged with the topic, newest activity first, a page at a time. */
export function topicDiscussionsQueryOptions(ui: string) {
  return infiniteQueryOptions({
    queryKey: topicKeys.discussions(ui),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<z.infer<typeof discussionsResponse>>(`${topicPath(ui)}/discussions`, { params: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor ?? undefined,
  });
}

export const useTopicDiscussions = (ui: string) => useInfiniteQuery(topicDiscussionsQueryOptions(ui));

/** POST follows, DELETE unfollows; the page takes the server's answer (followed, followers). */
export function useToggleTopicFollow(ui: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (followed: boolean): Promise<FollowState> => {
      const path = `${topicPath(ui)}/follow`;
      const response = followed ? await apiClient.post<{ data: FollowState }>(path) : await apiClient.delete<{ data: FollowState }>(path);
      return response.data;
    },
    onSuccess: (state) => {
      queryClient.setQueryData<Topic>(topicKeys.detail(ui), (topic) =>
        topic ? { ...topic, followed: state.followed, followersCount: state.followersCount } : topic,
      );
    },
  });
}
