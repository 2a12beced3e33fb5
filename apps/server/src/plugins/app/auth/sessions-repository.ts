import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { personalAccessTokens, sessions, users, type UserRow } from '../../../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;

export const sessionsRepository = {
  /** The session and its user in one round trip: the hot path of every signed-in request. */
  async findLive(db: DbOrTx, id: string): Promise<{ session: SessionRow; user: UserRow | null } | undefined> {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return row;
  },
  async insert(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(values);
  },
  async touch(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, id));
  },
  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
  async deleteForUser(db: DbOrTx, userId: number, exceptId?: string): Promise<void> {
    await db
      .delete(sessions)
      .where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId));
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
  async findWithUser(db: DbOrTx, id: number): Promise<{ token: TokenRow; user: UserRow } | undefined> {
    const [row] = await db
      .select({ token: personalAccessTokens, user: users })
      .from(personalAccessTokens)
      .innerJoin(users, eq(users.id, personalAccessTokens.userId))
      .where(eq(personalAccessTokens.id, id))
      .limit(1);
    return row;
  },
  async touch(db: DbOrTx, id: number): Promise<void> {
    await db.update(personalAccessTokens).set({ lastUsedAt: new Date() }).where(eq(personalAccessTokens.id, id));
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, id));
  },
  async deleteForUser(db: DbOrTx, userId: number): Promise<void> {
    await db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
  },
  async listForUser(db: DbOrTx, userId: number): Promise<TokenRow[]> {
    return db.select().from(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
  },
};
