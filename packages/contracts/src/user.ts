import { z } from 'zod';
import { isoDate } from './common';
import { AVATAR_COLORS } from './avatar-colors';
import { text, wireBoolean } from './validation';
import { notificationGrid, notificationGridChange, notificationGridSchema } from './notification-grid';

export const planType = z.enum(['reader_subscription', 'leader_subscription']);
export const userRole = z.enum(['user', 'admin']);

export { AVATAR_COLORS, type AvatarColor } from './avatar-colors';

export const userSettings = z.object({
  email_notifications: z.boolean(),
  web_notifications: z.boolean(),
  push_notifications: z.boolean(),
  /** Kind × channel; the three switches above are its columns' switches (notification-grid.ts). */
  notification_grid: notificationGridSchema,
});

export const DEFAULT_SETTINGS: z.infer<typeof userSettings> = {
  email_notifications: true,
  web_notifications: false,
  push_notifications: false,
  notification_grid: notificationGrid([]),
};

export const user = z.object({
  sid: z.string(),
  name: z.string(),
  display_name: z.string(),
  email: z.string(),
  email_verified_at: isoDate.nullable(),
  avatar_color: z.string(),
  banned: z.boolean(),
  role: userRole,
  subscription: planType.nullable(),
  trial_ends_at: isoDate.nullable(),
  settings: userSettings,
  newsletter_subscription: z.boolean(),
  created_at: isoDate,
});

export const userResponse = z.object({ data: user });

export const updateUserBody = z
  .object({
    name: text(1, 100),
    display_name: text(2, 40),
    avatar_color: z.enum(AVATAR_COLORS),
  })
  .partial()
  .strict();

export const updateSettingsBody = z
  .object({
    email_notifications: wireBoolean,
    web_notifications: wireBoolean,
    push_notifications: wireBoolean,
    notification_grid: notificationGridChange,
    newsletter_subscription: wireBoolean,
  })
  .partial()
  .strict();

export type User = z.infer<typeof user>;
export type UserSettings = z.infer<typeof userSettings>;
