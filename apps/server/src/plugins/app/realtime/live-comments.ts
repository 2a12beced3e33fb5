import {
  can,
  discussionParams,
  permissionDeniedMessage,
  REALTIME_MESSAGES,
  type Comment,
  type DiscussionSubscription,
  type DomainEvents,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../lib/errors';
import type { InterServerEvents, WinkSocket, WinkSocketServer } from '../../external/socket';
import { toCommentResource } from '../comments/comment-resource';
import { commentsRepository } from '../comments/comments-repository';
import { hasNul } from '../comments/comments-service';
import { findVisibleDiscussion, requireContent } from '../discussions/discussion-access';
import { realtimeRepository } from './realtime-repository';
import { userFor } from './socket-auth';

/** A page shows one discussion at a time; a few more cover tabs switching back and forth. */
const MAX_DISCUSSIONS_PER_SOCKET = 10;

export const discussionRoom = (discussionId: string) => `discussion:${discussionId}`;
const DISCUSSION_ROOM = /^discussion:/;

type CommentEvent = Parameters<InterServerEvents['comment:created']>[0];

/**
 * `discussion:subscribe`: the same checks as GET /api/discussions/{id}/comments (a plan that reads,
 * the discussion visible, its content open to me), asked again on every subscribe with the socket's
 * credentials as they stand now. The client can only name a discussion: the room is ours to build.
 */
export async function subscribe(app: FastifyInstance, socket: WinkSocket, input: unknown): Promise<DiscussionSubscription> {
  const parsed = discussionParams.shape.id.safeParse(input);
  if (!parsed.success || hasNul(parsed.data)) return { ok: false, status: 422, message: REALTIME_MESSAGES.invalidDiscussion };
  const user = await userFor(app, socket.data.credentials);
  if (!user || user.id !== socket.data.userId) {
    socket.disconnect(true);
    return { ok: false, status: 401, message: REALTIME_MESSAGES.unauthenticated };
  }
  if (!can('read', { subscription: user.subscription, trial_ends_at: user.trialEndsAt })) {
    return { ok: false, status: 403, message: permissionDeniedMessage.read };
  }
  try {
    const view = await findVisibleDiscussion(app.database.db, user.id, parsed.data);
    requireContent(view);
    const joined = [...socket.rooms].filter((room) => DISCUSSION_ROOM.test(room));
    if (joined.length >= MAX_DISCUSSIONS_PER_SOCKET) await socket.leave(joined[0]!);
    await socket.join(discussionRoom(view.discussion.id));
    return { ok: true };
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 404)) {
      return { ok: false, status: err.statusCode, message: err.message };
    }
    throw err;
  }
}

export function unsubscribe(socket: WinkSocket, input: unknown): void {
  if (typeof input === 'string') void socket.leave(discussionRoom(input));
}

/** Each server's deliveries still under way, by discussion. */
const deliveries = new WeakMap<WinkSocketServer, Map<string, Promise<void>>>();

/**
 * A new comment for the sockets of this process that subscribed to its discussion, in the order the
 * comments were announced: each delivery reads the database, and a reply read faster than the comment
 * it answers must still arrive after it.
 */
export function deliverComment(app: FastifyInstance, io: WinkSocketServer, event: CommentEvent): Promise<void> {
  const queues = deliveries.get(io) ?? new Map<string, Promise<void>>();
  deliveries.set(io, queues);
  const previous = queues.get(event.discussionId) ?? Promise.resolve();
  const delivery = previous.catch(() => undefined).then(() => deliverNow(app, io, event));
  queues.set(event.discussionId, delivery);
  const forget = () => {
    if (queues.get(event.discussionId) === delivery) queues.delete(event.discussionId);
  };
  delivery.then(forget, forget);
  return delivery;
}

/**
 * The comment for the sockets of this process that subscribed to its discussion, each re-checked
 * now (membership, privacy, blocks), so nothing reaches someone who has lost the right to read it.
 * A process with no subscriber there does nothing; otherwise the comment and its readers are read at once.
 */
async function deliverNow(app: FastifyInstance, io: WinkSocketServer, event: CommentEvent): Promise<void> {
  const socketIds = io.of('/').adapter.rooms.get(discussionRoom(event.discussionId));
  if (!socketIds?.size) return;
  const sockets = [...socketIds].map((id) => io.of('/').sockets.get(id)).filter((s) => s !== undefined);
  const { db } = app.database;
  const [found, readers] = await Promise.all([
    commentsRepository.find(db, event.authorId, event.commentId),
    realtimeRepository.readersAmong(db, event.discussionId, event.authorId, [...new Set(sockets.map((s) => s.data.userId))]),
  ]);
  if (!found || found.deletedAt) return;
  // As its author sees it; `followed` is per reader: the author follows their own thread, nobody else does yet.
  const comment: Comment = { ...toCommentResource(found), upvoted: false };
  const asWritten = { discussion_id: event.discussionId, comment };
  const asRead = { discussion_id: event.discussionId, comment: { ...comment, followed: false } };
  // One broadcast to the room (the packet is encoded once, not once per socket), minus the sockets
  // that may not read it and the author's, who get their own version.
  const leftOut = sockets.filter((s) => !readers.has(s.data.userId) || s.data.userId === event.authorId).map((s) => s.id);
  io.local.to(discussionRoom(event.discussionId)).except(leftOut).emit('comment:created', asRead);
  for (const socket of sockets) {
    if (socket.data.userId === event.authorId && readers.has(socket.data.userId)) socket.emit('comment:created', asWritten);
  }
}

/** After the comment's commit: every process (this one included) delivers to its own subscribers. */
export async function commentCreated(
  app: FastifyInstance,
  io: WinkSocketServer,
  { discussionId, commentId, actorId }: DomainEvents['comment.created'],
): Promise<void> {
  const event: CommentEvent = { discussionId, commentId, authorId: actorId };
  if (app.config.REDIS_URL) io.serverSideEmit('comment:created', event);
  await deliverComment(app, io, event);
}
