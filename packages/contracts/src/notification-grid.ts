import { z } from 'zod';
import type { NotificationType } from './notifications';

/**
 * The notification grid (docs/data.md): each kind of event × each channel. A cell is on
 * unless the person turned it off; the product's three switches (e-mail, web push, Android push) stay
 * the columns' own switches, so a cell delivers only when its column is on too. In-app has no column
 * switch: the list is always there, row by row.
 */
export const NOTIFICATION_KINDS = [
  'comments',
  'replies',
  'invitations',
  'access_requests',
  'followers',
  'followed_people',
  'followed_topics',
  'billing',
] as const;

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'web', 'android'] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The setting that switches each channel's column on and off (the product's three); the app's own list has none. */
export const COLUMN_SWITCH = {
  in_app: null,
  email: 'email_notifications',
  web: 'web_notifications',
  android: 'push_notifications',
} as const satisfies Record<NotificationChannel, string | null>;

/** The kind each notification type belongs to: the row of the grid that decides its delivery. */
export const KIND_OF_TYPE: Record<NotificationType, NotificationKind> = {
  'comment.created': 'comments',
  'comment.followed.created': 'replies',
  'discussionAccess.created': 'invitations',
  'discussionAccess.request.created': 'access_requests',
  'discussionAccess.request.accepted': 'access_requests',
  'discussionAccess.request.rejected': 'access_requests',
  'user.followed': 'followers',
  'discussion.created': 'followed_people',
  'topic.discussion.created': 'followed_topics',
};

/**
 * The channels a kind is sent through. Trial and billing notices are the trial reminder: an e-mail
 * and a notice in the app; they are never pushed to a lock screen.
 */
export const KIND_CHANNELS: Record<NotificationKind, readonly NotificationChannel[]> = {
  comments: NOTIFICATION_CHANNELS,
  replies: NOTIFICATION_CHANNELS,
  invitations: NOTIFICATION_CHANNELS,
  access_requests: NOTIFICATION_CHANNELS,
  followers: NOTIFICATION_CHANNELS,
  followed_people: NOTIFICATION_CHANNELS,
  followed_topics: NOTIFICATION_CHANNELS,
  billing: ['in_app', 'email'],
};

/** How a turned-off cell is stored and compared: `replies.email`. */
export const gridCell = (kind: NotificationKind, channel: NotificationChannel) => `${kind}.${channel}`;

/** Every cell a kind offers, on or off. */
export type NotificationGrid = Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>;

/** The whole grid from the cells a person turned off. */
export function notificationGrid(off: readonly string[]): NotificationGrid {
  const muted = new Set(off);
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(KIND_CHANNELS[kind].map((channel) => [channel, !muted.has(gridCell(kind, channel))])),
    ]),
  ) as NotificationGrid;
}

const cells = (channels: readonly NotificationChannel[]) =>
  z.object(Object.fromEntries(channels.map((channel) => [channel, z.boolean()])) as Record<NotificationChannel, z.ZodBoolean>);

/** Every kind with the cells it offers (billing has no push cells). */
export const notificationGridSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, cells(KIND_CHANNELS[kind])])),
) as unknown as z.ZodType<NotificationGrid>;

/** A change to some cells: `{ replies: { email: false } }`. A cell a kind does not offer is refused. */
export const notificationGridChange = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, cells(KIND_CHANNELS[kind]).partial().strict().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodObject<Record<NotificationChannel, z.ZodOptional<z.ZodBoolean>>>>
    >,
  )
  .strict();

export type NotificationGridChange = z.infer<typeof notificationGridChange>;
