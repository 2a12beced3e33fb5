import type { z } from 'zod';
import type { analyticsEvent, feedbackBody } from '@wink/contracts';
import type { DbOrTx } from '../../../db/client';
import { analyticsEvents, feedback } from '../../../db/schema/index';
import { shortId } from '../../../lib/crypto';

export const insightsRepository = {
  async addFeedback(db: DbOrTx, userId: number, body: z.infer<typeof feedbackBody>) {
    const [row] = await db
      .insert(feedback)
      .values({
        publicId: shortId(16),
        userId,
        message: body.message,
        rating: body.rating ?? null,
        page: body.page ?? null,
        appVersion: body.app_version ?? null,
      })
      .returning();
    return row!;
  },
  /** A batch is stored in one statement: all of it or none of it. */
  async addEvents(db: DbOrTx, userId: number | null, events: z.infer<typeof analyticsEvent>[]): Promise<number> {
    const now = Date.now();
    await db.insert(analyticsEvents).values(
      events.map((e) => {
        // A client clock far off (or a replayed batch) must not scatter figures across the calendar.
        const at = e.occurred_at ? Date.parse(e.occurred_at) : now;
        const occurredAt = Math.abs(at - now) > 86_400_000 ? now : at;
        return { userId, name: e.name, properties: e.properties, page: e.page ?? null, occurredAt: new Date(occurredAt) };
      }),
    );
    return events.length;
  },
};
