import { ADMIN_MESSAGES, type AdminUser } from '@wink/contracts';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema/index';
import { HttpError, invalid } from '../../../lib/errors';
import { cursorTime, decodeCursor, olderThan, PAGE_SIZE, toPage } from '../../../lib/pagination';
import type { AuthService } from '../auth/auth-service';
import { plansRepository } from '../plans/plans-repository';
import { usersRepository } from '../users/users-repository';
import { audit, type AdminActor } from './admin-audit';
import { assignPlan } from './plan-assignment';

const userNotFound = () => new HttpError(404, ADMIN_MESSAGES.userNotFound);

// Spelled out with table names: Drizzle leaves them off the columns of a one-table select, where a
// bare "id" inside these subqueries would mean the subscription's or the report's.
/** The plan in force (the newest, should there be two) as {id, name}, or null. */
const currentPlan = sql<{ id: string; name: string } | null>`(
  SELECT json_build_object('id', p.id, 'name', p.name)
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id
  WHERE s.user_id = "users"."id" AND s.status IN ('active', 'past_due')
  ORDER BY s.created_at DESC LIMIT 1)`;

const openReports = sql<number>`(SELECT count(*)::int FROM reports r WHERE r.reported_user_id = "users"."id" AND r.status = 'open')`;

const columns = { user: users, plan: currentPlan, openReports, cursorAt: cursorTime(users.createdAt) };

type Row = { user: UserRow; plan: { id: string; name: string } | string | null; openReports: number };

export function toAdminUser({ user, plan, openReports: reportsCount }: Row): AdminUser {
  // node-postgres parses json; a driver that hands back text gets parsed here.
  const current = typeof plan === 'string' ? (JSON.parse(plan) as { id: string; name: string }) : plan;
  return {
    sid: user.sid,
    name: user.name,
    display_name: user.displayName,
    email: user.email,
    avatar_color: user.avatarColor,
    role: user.role,
    banned: user.banned,
    subscription: user.subscription ?? null,
    plan: current ? { id: current.id, name: current.name } : null,
    trial_ends_at: user.trialEndsAt ? user.trialEndsAt.toISOString() : null,
    open_reports: Number(reportsCount),
    created_at: user.createdAt.toISOString(),
  };
}

/** Part of an address or a name, with LIKE's wildcards taken literally. */
function matching(q: string | undefined): SQL | undefined {
  const words = q?.trim();
  if (!words) return undefined;
  const pattern = `%${words.replace(/[\\%_]/g, '\\$&')}%`;
  return or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.displayName, pattern));
}

/** People as the console manages them: find, suspend and restore, put on a plan. */
export class AdminUsers {
  constructor(
    private db: Db,
    private auth: AuthService,
  ) {}

  /** Newest accounts first, twenty at a time. */
  async list(q: string | undefined, cursor: string | undefined) {
    const position = decodeCursor(cursor);
    const filter = matching(q);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(users)
        .where(and(filter, olderThan(users.createdAt, users.sid, position)))
        .orderBy(desc(users.createdAt), desc(users.sid))
        .limit(PAGE_SIZE + 1),
      this.db.select({ n: count() }).from(users).where(filter),
    ]);
    const page = toPage(rows, PAGE_SIZE, (row) => row.user.sid);
    return { data: page.rows.map(toAdminUser), meta: { next_cursor: page.nextCursor, total: total?.n ?? 0 } };
  }

  async find(db: DbOrTx, sid: string): Promise<AdminUser> {
    const [row] = await db.select(columns).from(users).where(eq(users.sid, sid)).limit(1);
    if (!row) throw userNotFound();
    return toAdminUser(row);
  }

  /** The row, locked for the rest of the transaction so two admins' changes queue up. */
  private async lock(tx: DbOrTx, sid: string): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.sid, sid)).for('update').limit(1);
    if (!row) throw userNotFound();
    return row;
  }

  /**
   * Suspends an account inside the caller's transaction: they can no longer sign in, and every
   * session and token they hold ends (the same revocation a password reset uses). Admins are exempt.
   * Answers whether anything changed.
   */
  async banWithin(tx: DbOrTx, user: UserRow): Promise<boolean> {
    if (user.role === 'admin') throw invalid('user', ADMIN_MESSAGES.cannotBanAdmin);
    if (user.banned) return false;
    await usersRepository.update(tx, user.id, { banned: true });
    await this.auth.revokeAll(tx, user.id);
    return true;
  }

  async ban(actor: AdminActor, sid: string): Promise<AdminUser> {
    const { result, changed } = await this.db.transaction(async (tx) => {
      const changed = await this.banWithin(tx, await this.lock(tx, sid));
      return { changed, result: await this.find(tx, sid) };
    });
    if (changed) audit(actor, 'user.banned', { user: sid, email: result.email });
    return result;
  }

  async unban(actor: AdminActor, sid: string): Promise<AdminUser> {
    const { result, changed } = await this.db.transaction(async (tx) => {
      const user = await this.lock(tx, sid);
      if (user.banned) await usersRepository.update(tx, user.id, { banned: false });
      return { changed: user.banned, result: await this.find(tx, sid) };
    });
    if (changed) audit(actor, 'user.unbanned', { user: sid, email: result.email });
    return result;
  }

  /** Puts the person on a plan (retired ones included: an admin may honour an old deal), or none. */
  async changePlan(actor: AdminActor, sid: string, planId: string | null): Promise<AdminUser> {
    const { result, before } = await this.db.transaction(async (tx) => {
      const user = await this.lock(tx, sid);
      const plan = planId === null ? null : await plansRepository.findById(tx, planId);
      if (plan === undefined) throw invalid('plan_id', 'The selected plan is invalid.');
      const before = (await this.find(tx, sid)).plan?.id ?? null;
      await assignPlan(tx, user.id, plan);
      return { before, result: await this.find(tx, sid) };
    });
    audit(actor, 'user.plan_changed', { user: sid, email: result.email, from: before, to: planId });
    return result;
  }
}
