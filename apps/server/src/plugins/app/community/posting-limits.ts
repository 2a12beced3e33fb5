import type { Config } from '../../../config';
import type { UserRow } from '../../../db/schema/index';
import { tooManyRequests } from '../../../lib/errors';
import type { RateLimiter } from '../../../lib/rate-limiter';

export type PostingKind = 'discussion' | 'comment' | 'invite';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * How much one person may post per hour. A new account (its first day) gets the smaller number:
 * spam comes from fresh accounts, and a real newcomer rarely needs more.
 */
export const POSTING_LIMITS: Record<PostingKind, { perHour: number; firstDayPerHour: number }> = {
  discussion: { perHour: 10, firstDayPerHour: 3 },
  comment: { perHour: 120, firstDayPerHour: 30 },
  invite: { perHour: 60, firstDayPerHour: 10 },
};

/** What the posting limits read: the shared limiter, and the scale load tests raise. */
export interface PostingLimits {
  limiter: RateLimiter;
  config: Pick<Config, 'POSTING_LIMIT_SCALE'>;
}

/** Counts one posting by `user`, or throws 429 with Retry-After when they are over their hourly limit. */
export async function limitPosting({ limiter, config }: PostingLimits, user: UserRow, kind: PostingKind, now = new Date()): Promise<void> {
  const limits = POSTING_LIMITS[kind];
  const isNew = now.getTime() - user.createdAt.getTime() < DAY;
  const limit = (isNew ? limits.firstDayPerHour : limits.perHour) * config.POSTING_LIMIT_SCALE;
  const decision = await limiter.hit(`post:${kind}:${user.id}`, limit, HOUR);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}
