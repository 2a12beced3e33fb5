import { notificationGrid, type User, type UserSummary } from '@wink/contracts';
import type { UserRow } from '../../../db/schema/index';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The one place a user row becomes the wire's user: nothing else (password hash, row id) can slip out. */
export function toUserResource(row: UserRow): User {
  return {
    sid: row.sid,
    name: row.name,
    display_name: row.displayName,
    email: row.email,
    email_verified_at: iso(row.emailVerifiedAt),
    avatar_color: row.avatarColor,
    banned: row.banned,
    role: row.role,
    subscription: row.subscription ?? null,
    trial_ends_at: iso(row.trialEndsAt),
    settings: {
      email_notifications: row.emailNotifications,
      web_notifications: row.webNotifications,
      push_notifications: row.pushNotifications,
      notification_grid: notificationGrid(row.mutedNotifications),
    },
    newsletter_subscription: row.newsletterSubscription,
    created_at: row.createdAt.toISOString(),
  };
}

/** Another person as others see them: the four public fields, whatever row shape carried them. */
export function toUserSummary(row: Pick<UserRow, 'sid' | 'name' | 'displayName' | 'avatarColor'>): UserSummary {
  return { sid: row.sid, name: row.name, display_name: row.displayName, avatar_color: row.avatarColor };
}
