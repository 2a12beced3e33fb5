import { isUuid } from '@wink/contracts';
import { ADMIN_MESSAGES, type AdminReport, type ReportStatus } from '@wink/contracts';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../../db/client';
import { comments, discussions, reports, users } from '../../../db/schema/index';
import { HttpError, invalid } from '../../../lib/errors';
import { cursorTime, decodeCursor, newerThan, olderThan, PAGE_SIZE, toPage } from '../../../lib/pagination';
import { toUserSummary } from '../users/user-resource';
import { audit, type AdminActor } from './admin-audit';
import type { AdminUsers } from './admin-users';

const reported = alias(users, 'reported_user');
const reporter = alias(users, 'reporter');

const columns = {
  report: reports,
  discussion: {
    id: discussions.id,
    title: discussions.title,
    body: discussions.body,
    accessType: discussions.accessType,
    hiddenAt: discussions.hiddenAt,
  },
  comment: { id: comments.id, body: comments.body, deletedAt: comments.deletedAt, hiddenAt: comments.hiddenAt },
  reported: {
    sid: reported.sid,
    name: reported.name,
    displayName: reported.displayName,
    avatarColor: reported.avatarColor,
    banned: reported.banned,
  },
  reporter: { sid: reporter.sid, name: reporter.name, displayName: reporter.displayName, avatarColor: reporter.avatarColor },
  cursorAt: cursorTime(reports.createdAt),
};

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(reports)
    .innerJoin(discussions, eq(discussions.id, reports.discussionId))
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .leftJoin(reported, eq(reported.id, reports.reportedUserId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toAdminReport(row: Row): AdminReport {
  const { report, discussion, comment } = row;
  return {
    id: report.id,
    status: report.status,
    reason: report.reason,
    details: report.details,
    target: report.commentId ? 'comment' : 'discussion',
    discussion: {
      id: discussion.id,
      title: discussion.title,
      body: discussion.body,
      access_type: discussion.accessType,
      hidden: discussion.hiddenAt !== null,
    },
    comment:
      comment && report.commentId
        ? { id: comment.id, body: comment.body, deleted: comment.deletedAt !== null, hidden: comment.hiddenAt !== null }
        : null,
    reported_user: row.reported ? { ...toUserSummary(row.reported), banned: row.reported.banned } : null,
    reporter: toUserSummary(row.reporter),
    created_at: report.createdAt.toISOString(),
    resolved_at: report.resolvedAt ? report.resolvedAt.toISOString() : null,
  };
}

/** Reports about the same piece of content: the same comment, or the discussion itself. */
function sameTarget(report: typeof reports.$inferSelect): SQL {
  return report.commentId
    ? eq(reports.commentId, report.commentId)
    : and(eq(reports.discussionId, report.discussionId), isNull(reports.commentId))!;
}

/** What hiding takes away: a comment, or a discussion with every comment in it. */
function hiddenWith(report: typeof reports.$inferSelect): SQL {
  return report.commentId ? eq(reports.commentId, report.commentId) : eq(reports.discussionId, report.discussionId);
}

/** The moderation queue: every action resolves the report it was taken on. */
export class AdminReports {
  constructor(
    private db: Db,
    private people: AdminUsers,
  ) {}

  /** Open reports oldest first (a queue); resolved ones newest first (a record). */
  async list(status: ReportStatus = 'open', cursor: string | undefined) {
    const position = decodeCursor(cursor, isUuid);
    const open = status === 'open';
    const after = open
      ? newerThan(reports.createdAt, reports.id, position, 'uuid')
      : olderThan(reports.createdAt, reports.id, position, 'uuid');
    const order = open ? [asc(reports.createdAt), asc(reports.id)] : [desc(reports.createdAt), desc(reports.id)];
    const [rows, [total]] = await Promise.all([
      select(this.db)
        .where(and(eq(reports.status, status), after))
        .orderBy(...order)
        .limit(PAGE_SIZE + 1),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(reports)
        .where(eq(reports.status, status)),
    ]);
    const page = toPage(rows, PAGE_SIZE, (row) => row.report.id);
    return { data: page.rows.map(toAdminReport), meta: { next_cursor: page.nextCursor, total: Number(total?.n ?? 0) } };
  }

  /** Reports filed against one person, newest first (the user page shows the latest fifty). */
  async againstUser(db: DbOrTx, userId: number): Promise<AdminReport[]> {
    const rows = await select(db).where(eq(reports.reportedUserId, userId)).orderBy(desc(reports.createdAt), desc(reports.id)).limit(50);
    return rows.map(toAdminReport);
  }

  private async lockOpen(tx: DbOrTx, id: string) {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
    if (!report) throw new HttpError(404, ADMIN_MESSAGES.reportNotFound);
    if (report.status !== 'open') throw invalid('report', ADMIN_MESSAGES.reportResolved);
    return report;
  }

  private async resolve(tx: DbOrTx, actor: AdminActor, where: SQL, status: 'dismissed' | 'actioned'): Promise<void> {
    await tx
      .update(reports)
      .set({ status, resolvedAt: new Date(), resolvedBy: actor.user.id })
      .where(and(where, eq(reports.status, 'open')));
  }

  private async one(db: DbOrTx, id: string): Promise<AdminReport> {
    const [row] = await select(db).where(eq(reports.id, id)).limit(1);
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.reportNotFound);
    return toAdminReport(row);
  }

  /** Hides the reported discussion or comment from everyone and closes every open report about it. */
  async hide(actor: AdminActor, id: string): Promise<AdminReport> {
    const result = await this.db.transaction(async (tx) => {
      const report = await this.lockOpen(tx, id);
      if (report.commentId) {
        await tx
          .update(comments)
          .set({ hiddenAt: new Date() })
          .where(and(eq(comments.id, report.commentId), isNull(comments.hiddenAt)));
      } else {
        await tx
          .update(discussions)
          .set({ hiddenAt: new Date() })
          .where(and(eq(discussions.id, report.discussionId), isNull(discussions.hiddenAt)));
      }
      await this.resolve(tx, actor, or(eq(reports.id, id), hiddenWith(report))!, 'actioned');
      return this.one(tx, id);
    });
    audit(actor, 'report.content_hidden', {
      report: id,
      target: result.target,
      discussion_id: result.discussion.id,
      comment_id: result.comment?.id ?? null,
    });
    return result;
  }

  /** Nothing wrong found: this report closes, the content stays. */
  async dismiss(actor: AdminActor, id: string): Promise<AdminReport> {
    const result = await this.db.transaction(async (tx) => {
      await this.lockOpen(tx, id);
      await this.resolve(tx, actor, eq(reports.id, id), 'dismissed');
      return this.one(tx, id);
    });
    audit(actor, 'report.dismissed', { report: id });
    return result;
  }

  /** Suspends the author of the reported content and closes the open reports about it. */
  async banAuthor(actor: AdminActor, id: string): Promise<AdminReport> {
    const result = await this.db.transaction(async (tx) => {
      const report = await this.lockOpen(tx, id);
      const [author] = report.reportedUserId
        ? await tx.select().from(users).where(eq(users.id, report.reportedUserId)).for('update').limit(1)
        : [];
      if (!author) throw invalid('report', ADMIN_MESSAGES.authorGone);
      await this.people.banWithin(tx, author);
      await this.resolve(tx, actor, or(eq(reports.id, id), sameTarget(report))!, 'actioned');
      return this.one(tx, id);
    });
    audit(actor, 'report.author_banned', { report: id, user: result.reported_user?.sid ?? null });
    return result;
  }
}
