import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@wink/contracts/discussions';
import { apiClient } from '../../../lib/api-client';

export type ReportTarget = { kind: 'discussion'; discussionId: string } | { kind: 'comment'; commentId: string };

export interface ReportInput {
  target: ReportTarget;
  reason: ReportReason;
  details?: string;
}

function reportPath(target: ReportTarget): string {
  return target.kind === 'discussion'
    ? `discussions/${encodeURIComponent(target.discussionId)}/report`
    : `comments/${encodeURIComponent(target.commentId)}/report`;
}

/** POST discussions/{id}/report or comments/{cid}/report. */
export async function reportContent({ target, reason, details }: ReportInput): Promise<void> {
  const trimmed = details?.trim();
  await apiClient.post<unknown>(reportPath(target), { reason, ...(trimmed ? { details: trimmed } : {}) });
}

export function useReportContent() {
  return useMutation({
    mutationFn: reportContent,
    // The dialog shows a 422 (already reported, a bad reason) itself; other failures still go to the catalogue there.
    meta: { silent: true },
  });
}
