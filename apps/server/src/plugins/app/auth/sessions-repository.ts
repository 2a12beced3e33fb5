import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { personalAccessTokens, sessions, users, type UserRow } from '../../../db/schema/index';
import { userChanged } from '../../../lib/user-changes';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * The two lookups every signed-in request makes, as prepared statements: built once per database,
 * so the query text is not assembled again on each request (a third of the hot path's CPU otherwise).
 */
export function prepareAuthLookups(db: Db) {
  const liveSession = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('auth_live_session');
  const tokenWithUser = db
    .select({ token: personalAccessTokens, user: users })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_token_with_user');
  return {
    /** The session and its user in one round trip, if the session is live. */
    async liveSession(id: string): Promise<{ session: SessionRow; user: UserRow | null } | undefined> {
      const [row] = await liveSession.execute({ id });
      return row;
    },
    async tokenWithUser(id: number): Promise<{ token: TokenRow; user: UserRow } | undefined> {
      const [row] = await tokenWithUser.execute({ id });
      return row;
    },
  };
}

export type AuthLookups = ReturnType<typeof prepareAuthLookups>;

export const sessionsRepository = {
  async insert(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(values);
  },
  async touch(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, id));
  },
  async delete(db: DbOrTx, session: Pick<SessionRow, 'id' | 'userId'>): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    userChanged(session.userId);
  },
  async deleteForUser(db: DbOrTx, userId: number, exceptId?: string): Promise<void> {
    await db.delete(sessions).where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId));
    userChanged(userId);
  },
  async listForUser(db: DbOrTx, userId: number): Promise<SessionRow[]> {
    return db.select().from(sessions).where(eq(sessions.userId, userId));
  },
  async deleteExpired(db: DbOrTx): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  },
};

export type TokenRow = typeof personalAccessTokens.$inferSelect;

export const tokensRepository = {
  async insert(db: DbOrTx, values: typeof personalAccessTokens.$inferInsert): Promise<TokenRow> {
    const [row] = await db.insert(personalAccessTokens).values(values).returning();
    return row!;
  },
  async touch(db: DbOrTx, id: number): Promise<void> {
    await db.update(personalAccessTokens).set({ lastUsedAt: new Date() }).where(eq(personalAccessTokens.id, id));
  },
  async delete(db: DbOrTx, token: Pick<TokenRow, 'id' | 'userId'>): Promise<void> {
    await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, token.id));
    userChanged(token.userId);
  },
  async deleteForUser(db: DbOrTx, userId: number): Promise<void> {
    await db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
    userChanged(userId);
  },
  async listForUser(db: DbOrTx, userId: number): Promise<TokenRow[]> {
    return db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
  },
};
