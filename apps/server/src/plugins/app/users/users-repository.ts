import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema/index';
import { userChanged } from '../../../lib/user-changes';

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'id' | 'sid' | 'createdAt'>>;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export const usersRepository = {
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
    return row;
  },
  async emailExists(db: DbOrTx, email: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
    return Boolean(row);
  },
  async findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async findBySid(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.sid, sid)).limit(1);
    return row;
  },
  /** Inserts unless the e-mail is taken; `undefined` means it was (the unique index decides, not a race-prone read). */
  async insert(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
    const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  },
  /**
   * Turns notification grid cells off and on in one statement on the stored list, so two quick
   * changes to different cells from two requests both stay.
   */
  async changeMutedNotifications(db: DbOrTx, id: number, off: string[], on: string[]): Promise<void> {
    await db
      .update(users)
      .set({
        mutedNotifications: sql`ARRAY(SELECT DISTINCT cell FROM unnest(${users.mutedNotifications} || ${sql.param(off)}::text[]) AS cell
          WHERE cell <> ALL(${sql.param(on)}::text[]) ORDER BY cell)`,
      })
      .where(eq(users.id, id));
  },

  async update(db: DbOrTx, id: number, changes: UserChanges): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error(`user ${id} vanished during update`);
    userChanged(id);
    return row;
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(users).where(eq(users.id, id));
    userChanged(id);
  },
};
