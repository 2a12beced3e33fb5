import type { FastifyInstance } from 'fastify';
import type { WinkSocketServer } from '../../external/socket';
import type { Notified } from '../notifications/notifier';
import { realtimeRepository } from './realtime-repository';

/** Every socket of one person, on whichever process it is connected; joined by the server, never by a client. */
export const userRoom = (userId: number) => `user:${userId}`;

/** The routes after which my unread count changed without a new notification: my other tabs and devices follow. */
const READ_ROUTES = new Set(['/api/notifications/:id/read', '/api/notifications/read-all']);

/** A batch the notifier just wrote: each recipient gets their notification and their new unread count at once. */
export async function pushNotifications(app: FastifyInstance, io: WinkSocketServer, notified: Notified): Promise<void> {
  const rows = await realtimeRepository.withUnreadCounts(
    app.database.db,
    notified.notifications.map((n) => n.id),
  );
  for (const row of rows) {
    io.to(userRoom(row.userId)).emit('notification:created', { notification: row.notification, unread_count: row.unreadCount });
  }
}

/** Marking read on one device lowers the badge on the others. */
export function pushUnreadCountsAfterReads(app: FastifyInstance, io: WinkSocketServer): void {
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 300 || !req.user || !READ_ROUTES.has(req.routeOptions.url ?? '')) return;
    const count = await app.notifications.unreadCount(req.user);
    io.to(userRoom(req.user.id)).emit('notifications:unread-count', { count });
  });
}
