import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../../db/schema/index';

/** Who is acting in the console, and the request's logger that carries the request id. */
export interface AdminActor {
  user: Pick<UserRow, 'id' | 'sid' | 'email'>;
  log: Pick<FastifyBaseLogger, 'info'>;
}

export type AuditAction =
  | 'plan.created'
  | 'plan.updated'
  | 'user.banned'
  | 'user.unbanned'
  | 'user.plan_changed'
  | 'report.content_hidden'
  | 'report.dismissed'
  | 'report.author_banned'
  | 'maintenance.on'
  | 'maintenance.off';

/**
 * One line per admin change, written after its transaction commits (a rolled-back change is not
 * claimed), under the `audit` key so a log pipeline can pick these lines out.
 */
export function audit(actor: AdminActor, action: AuditAction, details: Record<string, unknown>): void {
  actor.log.info({ audit: { action, admin: actor.user.sid, admin_email: actor.user.email, ...details } }, `admin: ${action}`);
}
