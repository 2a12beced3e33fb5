import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { onUserChanged } from '../../../lib/user-changes';
import { socketServer, type WinkSocket, type WinkSocketServer } from '../../external/socket';
import { commentCreated, deliverComment, subscribe, unsubscribe } from './live-comments';
import { pushNotifications, pushUnreadCountsAfterReads, userRoom } from './notification-pushes';
import { authenticateHandshake, SocketRefused, userFor } from './socket-auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time socket server (docs/wire.md). */
    io: WinkSocketServer;
  }
}

/** Sign-outs and bans made by another process reach this one's sockets within this long. */
const REVALIDATE_EVERY_MS = 60_000;

/** Closes the sockets whose credentials no longer name their person (signed out, banned, expired). */
async function revalidate(app: FastifyInstance, sockets: Iterable<WinkSocket>): Promise<void> {
  for (const socket of sockets) {
    const user = await userFor(app, socket.data.credentials).catch(() => undefined);
    if (user === null || (user && user.id !== socket.data.userId)) socket.disconnect(true);
  }
}

function localSocketsOf(io: WinkSocketServer, userId: number): WinkSocket[] {
  const ids = io.of('/').adapter.rooms.get(userRoom(userId)) ?? new Set<string>();
  return [...ids].map((id) => io.of('/').sockets.get(id)).filter((s) => s !== undefined);
}

/**
 * Real-time delivery: who may connect (socket-auth), the person's own room, discussion subscriptions
 * (live-comments) and the notifier's batches (notification-pushes). Every process delivers to its own
 * sockets; with Redis, rooms and server-side events span the processes.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io = socketServer(app, app.config);
  app.decorate('io', io);
  const fail = (what: string) => (err: unknown) => app.log.error({ err }, what);

  io.use((socket, next) => {
    authenticateHandshake(app, socket.handshake).then(
      (data) => {
        socket.data = data;
        next();
      },
      (err: unknown) => {
        if (err instanceof SocketRefused) return next(Object.assign(new Error(err.message), { data: err.data }));
        fail('socket handshake failed')(err);
        next(new Error('Server Error'));
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    socket.on('discussion:subscribe', (discussionId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      subscribe(app, socket, discussionId).then(reply, (err: unknown) => {
        fail('discussion subscription failed')(err);
        reply({ ok: false, status: 404, message: 'The discussion could not be subscribed to.' });
      });
    });
    socket.on('discussion:unsubscribe', (discussionId) => unsubscribe(socket, discussionId));
  });

  const offs = [
    app.notifier.onNotified((notified) => pushNotifications(app, io, notified)),
    app.events.on('comment.created', (event) => commentCreated(app, io, event)),
    onUserChanged((userId) =>
      setImmediate(() => void revalidate(app, localSocketsOf(io, userId)).catch(fail('socket revalidation failed'))),
    ),
  ];
  // From the other processes (Redis): a comment posted there, for the subscribers here.
  io.on('comment:created', (event) => void deliverComment(app, io, event).catch(fail('comment delivery failed')));
  pushUnreadCountsAfterReads(app, io);

  // Maintenance closes every socket; clients come back when the maintenance answer says to.
  const maintenanceWatch = setInterval(() => {
    if (app.maintenance.current && io.engine.clientsCount > 0) io.local.disconnectSockets(true);
  }, app.config.MAINTENANCE_POLL_MS);
  maintenanceWatch.unref();
  const sweeper = setInterval(
    () => void revalidate(app, io.of('/').sockets.values()).catch(fail('socket revalidation failed')),
    REVALIDATE_EVERY_MS,
  );
  sweeper.unref();

  app.addHook('onClose', async () => {
    clearInterval(maintenanceWatch);
    clearInterval(sweeper);
    offs.forEach((off) => off());
  });
});
