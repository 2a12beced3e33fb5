import type { NotificationData, NotificationType } from '@wink/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../../db/client';
import { mailThrottles, notificationDeliveries, notifications, pushRegistrations, users } from '../../../../db/schema/index';

export type Channel = 'email' | 'web' | 'android';

/** Everything delivery needs about one notification and its recipient, as it is now. */
export interface DeliveryTarget {
  notificationId: string;
  type: NotificationType;
  data: NotificationData;
  readAt: Date | null;
  /** False for a row kept for delivery alone (the kind's in-app cell is off). */
  inApp: boolean;
  actorName: string | null;
  userId: number;
  sid: string;
  email: string;
  name: string;
  banned: boolean;
  emailNotifications: boolean;
  webNotifications: boolean;
  pushNotifications: boolean;
  mutedNotifications: string[];
}

const actors = alias(users, 'actor');

export const deliveryRepository = {
  async target(db: DbOrTx, notificationId: string): Promise<DeliveryTarget | undefined> {
    const [row] = await db
      .select({
        notificationId: notifications.id,
        type: notifications.type,
        data: notifications.data,
        readAt: notifications.readAt,
        inApp: notifications.inApp,
        actorName: sql<string | null>`coalesce(nullif(${actors.displayName}, ''), ${actors.name})`,
        userId: users.id,
        sid: users.sid,
        email: users.email,
        name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.name})`,
        banned: users.banned,
        emailNotifications: users.emailNotifications,
        webNotifications: users.webNotifications,
        pushNotifications: users.pushNotifications,
        mutedNotifications: users.mutedNotifications,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .where(eq(notifications.id, notificationId))
      .limit(1);
    return row;
  },

  /** Claims (event, channel) in the ledger; false when an earlier run already did that channel's work. */
  async claim(tx: DbOrTx, eventId: string, channel: Channel, userId: number): Promise<boolean> {
    const rows = await tx
      .insert(notificationDeliveries)
      .values({ eventId, channel, userId, status: 'queued' })
      .onConflictDoNothing()
      .returning({ eventId: notificationDeliveries.eventId });
    return rows.length > 0;
  },

  /** A row kept for delivery alone, marked read once its channels are queued (it is never listed). */
  async markDelivered(tx: DbOrTx, notificationId: string): Promise<void> {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(eq(notifications.id, notificationId));
  },

  async fold(tx: DbOrTx, eventId: string, threadKey: string, summary: Record<string, unknown>): Promise<void> {
    await tx
      .update(notificationDeliveries)
      .set({ status: 'folded', threadKey, summary })
      .where(and(eq(notificationDeliveries.eventId, eventId), eq(notificationDeliveries.channel, 'email')));
  },

  /** The events of one thread waiting for its digest, oldest first, marked as digested in the same go. */
  async takeFolded(tx: DbOrTx, userId: number, threadKey: string): Promise<Record<string, unknown>[]> {
    const rows = await tx
      .select({ eventId: notificationDeliveries.eventId, summary: notificationDeliveries.summary })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.userId, userId),
          eq(notificationDeliveries.threadKey, threadKey),
          eq(notificationDeliveries.status, 'folded'),
        ),
      )
      .orderBy(asc(notificationDeliveries.createdAt));
    if (rows.length) {
      await tx
        .update(notificationDeliveries)
        .set({ status: 'digested' })
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.threadKey, threadKey),
            eq(notificationDeliveries.status, 'folded'),
          ),
        );
    }
    return rows.map((row) => row.summary ?? {});
  },

  /** The throttle row of one thread, locked for the rest of the transaction (created on first use). */
  async lockThrottle(tx: DbOrTx, userId: number, threadKey: string) {
    await tx.insert(mailThrottles).values({ userId, threadKey }).onConflictDoNothing();
    const [row] = await tx
      .select({
        lastSentAt: mailThrottles.lastSentAt,
        digestDueAt: mailThrottles.digestDueAt,
        now: sql<string>`now()`,
      })
      .from(mailThrottles)
      .where(and(eq(mailThrottles.userId, userId), eq(mailThrottles.threadKey, threadKey)))
      .for('update');
    return { lastSentAt: row?.lastSentAt ?? null, digestDueAt: row?.digestDueAt ?? null, now: new Date(row!.now) };
  },

  async setThrottle(tx: DbOrTx, userId: number, threadKey: string, set: { lastSentAt?: Date; digestDueAt?: Date | null }) {
    await tx
      .update(mailThrottles)
      .set(set)
      .where(and(eq(mailThrottles.userId, userId), eq(mailThrottles.threadKey, threadKey)));
  },

  recipientOf(db: DbOrTx, userId: number) {
    return db
      .select({
        sid: users.sid,
        email: users.email,
        name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.name})`,
        emailNotifications: users.emailNotifications,
        banned: users.banned,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .then((rows) => rows[0]);
  },

  androidTokens(db: DbOrTx, userId: number) {
    return db
      .select({ id: pushRegistrations.id, token: pushRegistrations.token })
      .from(pushRegistrations)
      .where(and(eq(pushRegistrations.userId, userId), eq(pushRegistrations.platform, 'android')));
  },

  async androidToken(db: DbOrTx, id: number, userId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ token: pushRegistrations.token })
      .from(pushRegistrations)
      .where(and(eq(pushRegistrations.id, id), eq(pushRegistrations.userId, userId)))
      .limit(1);
    return row?.token;
  },

  /** A token FCM called dead: forgotten, whoever it belongs to now. */
  async forgetToken(db: DbOrTx, token: string): Promise<void> {
    await db.delete(pushRegistrations).where(eq(pushRegistrations.token, token));
  },
};
