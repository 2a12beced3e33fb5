import { z } from 'zod';
import { isoDate, list, resource } from './common';
import { userSummary } from './profile';

/** The notification types (docs/data.md): each one routes a tap to its own page. */
export const notificationType = z.enum([
  'comment.created',
  'comment.followed.created',
  'discussionAccess.created',
  'discussionAccess.request.created',
  'discussionAccess.request.rejected',
  'discussionAccess.request.accepted',
  'discussion.created',
  'user.followed',
  /** A public discussion was tagged with a topic the recipient follows; a tap opens the discussion. */
  'topic.discussion.created',
]);

/**
 * What a notification points at: the discussion (`subject_id`), the comment, or the follower.
 * Types may carry more keys, which pass through untouched.
 */
export const notificationData = z.looseObject({
  subject_id: z.string().optional(),
  comment_id: z.string().optional(),
  follower_sid: z.string().optional(),
  /** The discussion's title when the notification was written (only ever written for someone who may see it). */
  subject_title: z.string().optional(),
  /** topic.discussion.created: the followed topic the discussion is tagged with. */
  topic_ui: z.string().optional(),
  topic_name: z.string().optional(),
  /** How many events an unread notification stands for: later ones of the same kind are collapsed into it. */
  count: z.number().int().min(1).optional(),
});

export const notification = z.object({
  id: z.string(),
  type: notificationType,
  data: notificationData,
  /** Who caused it; null once their account is gone. */
  actor: userSummary.nullable(),
  read_at: isoDate.nullable(),
  created_at: isoDate,
});

export const notificationParams = z.object({ id: z.string().min(1).max(64) });

export const notificationsResponse = list(notification);
export const notificationResponse = resource(notification);
export const unreadCountResponse = resource(z.object({ count: z.number().int().min(0) }));

export type NotificationType = z.infer<typeof notificationType>;
export type NotificationData = z.infer<typeof notificationData>;
export type Notification = z.infer<typeof notification>;
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;
