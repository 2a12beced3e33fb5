import {
  SOCKET_PATH,
  type CommentCreatedEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketRefusal,
} from '@wink/contracts/events';
import { io, type Socket } from 'socket.io-client';
import { appConfig } from '../config';
import { readCookie } from './cookies';

/**
 * The one real-time connection (docs/wire.md), opened on first use after sign-in and shared by
 * every feature. Only ever imported lazily (socket.io-client stays out of the first render).
 *
 * It never replays what was missed: every (re)connection tells `onConnected` listeners, which
 * refetch over HTTP. Reconnection: socket.io retries lost connections by itself; when the server
 * itself sends us away (maintenance, a restart) or refuses us, we decide when to come back here.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Back after a server restart or a refusal without a retry time, with some spread so a crowd does not return at once. */
const COME_BACK_MS = 5_000;

let socket: AppSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const connectedListeners = new Set<() => void>();

function comeBackIn(ms: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => socket?.connect(), ms + Math.random() * 1_000);
}

export function openSocket(): AppSocket {
  if (socket) return socket;
  const created: AppSocket = io(appConfig.serverOrigin || undefined, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    // Token mode (Android) has no cookie to ride along: the token goes in the handshake.
    auth: (send) => {
      const token = appConfig.tokenMode ? readCookie(appConfig.authCookieName) : null;
      send(token ? { token } : {});
    },
  });
  created.on('connect', () => {
    for (const listener of connectedListeners) listener();
  });
  created.on('disconnect', (reason) => {
    // The server closed us (maintenance, sign-out elsewhere, a restart): socket.io will not retry by itself.
    if (reason === 'io server disconnect') comeBackIn(COME_BACK_MS);
  });
  created.on('connect_error', (err) => {
    if (created.active) return; // a network problem: socket.io retries with backoff
    const refusal = (err as Error & { data?: SocketRefusal }).data;
    // 401: signed out; the HTTP side notices and closes this. 403 will not change by waiting.
    if (refusal?.status === 401 || refusal?.status === 403) return;
    comeBackIn(refusal?.status === 503 ? (refusal.retry_after ?? 60) * 1_000 : COME_BACK_MS);
  });
  socket = created;
  return created;
}

/** Sign-out: the connection, its timers and its room go. */
export function closeSocket(): void {
  clearTimeout(retryTimer);
  socket?.disconnect();
  socket = null;
}

/** Runs on every connection, the first included: refetch whatever may have happened while we were away. */
export function onConnected(listener: () => void): () => void {
  connectedListeners.add(listener);
  return () => connectedListeners.delete(listener);
}

/**
 * New comments of one discussion while its page is open. The subscription is renewed on every
 * reconnection (the server forgets it with the connection) and re-checked by the server each time.
 */
export function subscribeToDiscussion(
  discussionId: string,
  handlers: { onComment(event: CommentCreatedEvent): void; onReconnected(): void },
): () => void {
  const live = openSocket();
  let first = true;
  const subscribe = () => {
    live.emit('discussion:subscribe', discussionId, () => undefined);
    if (!first) handlers.onReconnected();
    first = false;
  };
  const onComment = (event: CommentCreatedEvent) => {
    if (event.discussion_id === discussionId) handlers.onComment(event);
  };
  live.on('comment:created', onComment);
  const stopListening = onConnected(subscribe);
  if (live.connected) subscribe();
  return () => {
    stopListening();
    live.off('comment:created', onComment);
    if (live.connected) live.emit('discussion:unsubscribe', discussionId);
  };
}
