import { and, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { trialReminders, users } from '../../../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { cellOnSql } from '../notifications/grid-cells';

/** How long before the trial's end the reminder goes out. */
export const TRIAL_REMINDER_DAYS = 3;
const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * Reminds everyone whose trial ends within three days and who has no plan yet: an e-mail (unless
 * their notification grid turns it off), and the reminder row the web app's notice reads. The row's
 * primary key makes it once per person, even with several server processes sweeping at the same
 * moment; the mail is queued in the same transaction, so it goes out exactly when the row is written.
 */
export async function sendTrialReminders(db: Db, mailer: Mailer, appUrl: string, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS);
  const due = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.displayName,
      trialEndsAt: users.trialEndsAt,
      // The notification grid's "Trial and billing" e-mail cell (and the e-mail column's switch).
      byEmail: sql<boolean>`${cellOnSql('users', 'billing', 'email')}`,
    })
    .from(users)
    .where(
      and(
        isNull(users.subscription),
        eq(users.banned, false),
        gt(users.trialEndsAt, now),
        lte(users.trialEndsAt, horizon),
        notExists(
          db
            .select({ one: sql`1` })
            .from(trialReminders)
            .where(eq(trialReminders.userId, users.id)),
        ),
      ),
    )
    .limit(BATCH);

  let sent = 0;
  for (const person of due) {
    const endsAt = person.trialEndsAt!;
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(trialReminders)
        .values({ userId: person.id, trialEndsAt: endsAt })
        .onConflictDoNothing()
        .returning({ userId: trialReminders.userId });
      if (!claimed.length) return;
      sent++;
      if (!person.byEmail) return;
      await mailer.send(tx, person.email, {
        template: 'trial-ending',
        data: { name: person.name, endsAt: endsAt.toISOString(), url: `${appUrl}/user/subscription` },
      });
    });
  }
  return sent;
}

/** The reminder already sent to this person, if any: the in-app notice shows it while the trial runs. */
export async function trialReminderFor(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ trialEndsAt: trialReminders.trialEndsAt }).from(trialReminders).where(eq(trialReminders.userId, userId));
  return row?.trialEndsAt ?? null;
}
