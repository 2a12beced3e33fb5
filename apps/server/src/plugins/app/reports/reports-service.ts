import { DISCUSSION_MESSAGES, type ReportReason } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { HttpError, invalid } from '../../../lib/errors';
import { hasNul, type CommentsService } from '../comments/comments-service';
import { findVisibleDiscussion } from '../discussions/discussion-access';
import { reportsRepository, type NewReport } from './reports-repository';

export interface ReportInput {
  reason: ReportReason;
  details?: string | undefined;
}

/**
 * Reporting a discussion or a comment to the moderators. Anyone who may read may report what they can
 * see: an invite-only discussion's title and summary are visible to all, so it can be reported by all;
 * a comment only by those who can read it. Once per person and target.
 */
export class ReportsService {
  constructor(
    private db: Db,
    private comments: CommentsService,
  ) {}

  async reportDiscussion(user: UserRow, discussionId: string, input: ReportInput) {
    if (hasNul(discussionId)) throw new HttpError(404, DISCUSSION_MESSAGES.notFound);
    const { discussion } = await findVisibleDiscussion(this.db, user.id, discussionId);
    return this.file(user, { discussionId: discussion.id, commentId: null, reportedUserId: discussion.ownerId }, input);
  }

  async reportComment(user: UserRow, commentId: string, input: ReportInput) {
    let comment;
    try {
      ({ comment } = await this.comments.readable(user, commentId));
    } catch (err) {
      // Members-only content is as unknown to an outsider as a missing comment.
      if (err instanceof HttpError && err.statusCode === 403) throw new HttpError(404, DISCUSSION_MESSAGES.commentNotFound);
      throw err;
    }
    if (comment.deletedAt) throw invalid('comment', DISCUSSION_MESSAGES.commentDeleted);
    return this.file(user, { discussionId: comment.discussionId, commentId: comment.id, reportedUserId: comment.authorId }, input);
  }

  private async file(user: UserRow, target: Pick<NewReport, 'discussionId' | 'commentId' | 'reportedUserId'>, input: ReportInput) {
    const details = (input.details ?? '').replaceAll('\u0000', '');
    const row = await reportsRepository.insertOnce(this.db, { ...target, reporterId: user.id, reason: input.reason, details });
    if (!row) throw invalid('reason', DISCUSSION_MESSAGES.alreadyReported);
    return { data: { id: row.id, reason: row.reason, created_at: row.createdAt.toISOString() } };
  }
}
