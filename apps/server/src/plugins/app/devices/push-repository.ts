import type { PushRegisterBody } from '@wink/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { pushRegistrations } from '../../../db/schema/index';

export const pushRepository = {
  /** One row per device token: registering a token again (even from another account) moves it. */
  async register(db: DbOrTx, userId: number, body: PushRegisterBody): Promise<void> {
    const values = {
      userId,
      token: body.token,
      platform: body.platform,
      deviceId: body.device_id,
      deviceName: body.device_name,
      locale: body.locale,
      appVersion: body.app_version,
    };
    const { token: _token, ...changes } = values;
    await db
      .insert(pushRegistrations)
      .values(values)
      .onConflictDoUpdate({ target: pushRegistrations.token, set: { ...changes, updatedAt: new Date() } });
  },
  async unregister(db: DbOrTx, userId: number, token: string): Promise<boolean> {
    const removed = await db
      .delete(pushRegistrations)
      .where(and(eq(pushRegistrations.userId, userId), eq(pushRegistrations.token, token)))
      .returning({ id: pushRegistrations.id });
    return removed.length > 0;
  },
  listForUser(db: DbOrTx, userId: number) {
    return db.select().from(pushRegistrations).where(eq(pushRegistrations.userId, userId));
  },
};
