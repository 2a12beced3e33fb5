import type { Comment } from './discussions';
import type { Notification } from './notifications';

/**
 * The real-time socket (docs/wire.md): one socket.io endpoint on the API's origin, authenticated by
 * the session cookie or a bearer token. These maps type both ends (server emits, client listeners);
 * payloads use the same snake_case resources as the HTTP API. Types and constants only (no zod), so
 * the web app's socket chunk stays small; the server validates `discussion:subscribe` with the HTTP
 * routes' own `discussionParams`.
 */
export const SOCKET_PATH = '/socket.io';

/** Sentences a refused connection or subscription carries (in `connect_error`'s `data`, or the ack). */
export const REALTIME_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  foreignOrigin: 'This origin may not open a signed-in socket.',
  invalidDiscussion: 'The discussion id is invalid.',
} as const;

/** Why the server refused a connection: 401 (no valid session), 403 (foreign origin), 503 (maintenance). */
export interface SocketRefusal {
  status: 401 | 403 | 503;
  message: string;
  /** Seconds to wait before trying again, during maintenance. */
  retry_after?: number;
}

/** A notification was written for me: it, and my unread count after it. */
export interface NotificationCreatedEvent {
  notification: Notification;
  unread_count: number;
}

/** A comment or reply was posted in a discussion I subscribed to (and may still read). */
export interface CommentCreatedEvent {
  discussion_id: string;
  comment: Comment;
}

/** The answer to `discussion:subscribe`: 404 when hidden, 403 when its content is for members only. */
export type DiscussionSubscription = { ok: true } | { ok: false; status: 401 | 403 | 404 | 422; message: string };

export interface ServerToClientEvents {
  'notification:created': (event: NotificationCreatedEvent) => void;
  'notifications:unread-count': (event: { count: number }) => void;
  'comment:created': (event: CommentCreatedEvent) => void;
}

export interface ClientToServerEvents {
  /** Start receiving a discussion's new comments; access is checked now and again on every delivery. */
  'discussion:subscribe': (discussionId: string, ack: (result: DiscussionSubscription) => void) => void;
  'discussion:unsubscribe': (discussionId: string) => void;
}
