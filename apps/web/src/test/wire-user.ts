import { notificationGrid } from '@wink/contracts/notification-grid';
import type { User as WireUser } from '@wink/contracts/user';

/** A person as GET /api/user answers (snake_case), on a trial unless the overrides say otherwise. */
export function wireUser(overrides: Partial<WireUser> = {}): WireUser {
  return {
    sid: 'u1abc',
    name: 'Ada Lovelace',
    display_name: 'ada',
    email: 'ada@example.com',
    email_verified_at: '2026-01-02T03:04:05.000Z',
    avatar_color: '#1565c0',
    banned: false,
    role: 'user',
    subscription: null,
    trial_ends_at: '2099-01-01T00:00:00.000Z',
    settings: { email_notifications: true, web_notifications: false, push_notifications: false, notification_grid: notificationGrid([]) },
    newsletter_subscription: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
