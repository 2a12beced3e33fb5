import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface FeedbackInput {
  message: string;
  rating: number | null;
  page: string | null;
  appVersion: string;
}

export async function sendFeedback(input: FeedbackInput): Promise<void> {
  await apiClient.post('feedback', {
    message: input.message,
    // Left out rather than sent empty when there is nothing to say.
    rating: input.rating ?? undefined,
    page: input.page ?? undefined,
    appVersion: input.appVersion,
  });
}

/** Failures (the 10-an-hour limit's 429 among them) go to the error catalogue. */
export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
