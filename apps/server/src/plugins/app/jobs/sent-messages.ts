import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';

/** A send still under way elsewhere (another run of the same job): retried later, never sent alongside. */
export class SendInProgress extends Error {
  constructor(key: string) {
    super(`The message ${key} is being sent by another run of its job.`);
  }
}

/** How long a sent message's key is kept: far longer than any job's retries (hours), so a late rerun still finds it. */
const KEEP_DAYS = 3;

/**
 * The ledger that makes a job's message go out once (`sent_messages`). A job is delivered at least
 * once: the process may die after sending and before the queue hears of it, and a handler slowed past
 * its timeout is run again while the first run may still be sending. Before sending, the run claims
 * the job's key for longer than a handler may take; a rerun that finds the key sent does nothing, one
 * that finds it claimed waits for the queue's next attempt. A run whose send failed releases the claim.
 *
 * The one repeat left is a process killed in the instant between the relay accepting a message and the
 * ledger recording it: the claim lapses and the message goes again, with the same Message-ID (mail)
 * or Topic (web push) and tag, which the mail client or push service treats as the same message.
 */
export const sentMessages = {
  async once(db: Db, key: string, claimSeconds: number, send: () => Promise<void>): Promise<'sent' | 'already sent'> {
    const [claimed] = await rowsOf<{ key: string }>(
      db,
      sql`INSERT INTO sent_messages (key, claimed_until) VALUES (${key}, now() + make_interval(secs => ${claimSeconds}))
          ON CONFLICT (key) DO UPDATE SET claimed_until = excluded.claimed_until
          WHERE sent_messages.sent_at IS NULL AND sent_messages.claimed_until < now()
          RETURNING key`,
    );
    if (!claimed) {
      const [row] = await rowsOf<{ sent: boolean }>(db, sql`SELECT sent_at IS NOT NULL AS sent FROM sent_messages WHERE key = ${key}`);
      if (row?.sent) return 'already sent';
      throw new SendInProgress(key);
    }
    try {
      await send();
    } catch (err) {
      await db.execute(sql`UPDATE sent_messages SET claimed_until = now() WHERE key = ${key} AND sent_at IS NULL`);
      throw err;
    }
    await db.execute(sql`UPDATE sent_messages SET sent_at = now() WHERE key = ${key}`);
    return 'sent';
  },

  /** The scheduled clean-up: keys of messages long since sent (or given up on). */
  async sweep(db: Db): Promise<void> {
    await db.execute(sql`DELETE FROM sent_messages WHERE created_at < now() - make_interval(days => ${KEEP_DAYS})`);
  },
};
