import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../../config';
import { watch, watchedRedis } from '../../lib/redis';

/**
 * Between server processes (through Redis): a new comment, by id only. Each process reads it and
 * checks its own subscribers' access at the same time, so the other processes hear of it at once.
 */
export interface InterServerEvents {
  'comment:created': (event: { discussionId: string; commentId: string; authorId: number }) => void;
}

/** What the handshake established, kept on the socket. */
export interface SocketData {
  userId: number;
  /** The credentials the socket came with, re-checked while it stays open (sign-out, ban, expiry). */
  credentials: { cookie?: string; authorization?: string };
}

export type WinkSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type WinkSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** How long sockets get to say goodbye at shutdown before their connections are cut. */
const GOODBYE_MS = 1_000;

/**
 * socket.io on the API's own HTTP server (same origin, `/socket.io`). In-process by default; with
 * REDIS_URL, the Redis adapter carries broadcasts and server-side events between every API process,
 * so a user connected to one process hears of what happened on another.
 *
 * Shutdown: sockets are told to go and their connections closed in `preClose`, before Fastify waits
 * for the HTTP server's connections to end (an open WebSocket would otherwise hold close() forever).
 */
export function socketServer(app: FastifyInstance, config: Config): WinkSocketServer {
  const io: WinkSocketServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // The Capacitor shells connect from their own origins with bearer tokens, never cookies.
    cors: { origin: config.corsOrigins, credentials: false },
    // No state recovery: a client that reconnects refetches what it may have missed over HTTP.
    connectionStateRecovery: undefined,
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  if (config.REDIS_URL && app.dependencies.redis) {
    const health = app.dependencies.redis;
    const pub = watchedRedis(config.REDIS_URL, health, { maxRetriesPerRequest: 2 });
    // The adapter subscribes without handling the promise either: the subscriptions wait for Redis
    // however long it takes (no retry limit), and ioredis subscribes again after every reconnection.
    const sub = watch(pub.duplicate({ maxRetriesPerRequest: null }), health);
    // The adapter publishes without handling the promise: a closed or broken Redis connection would be
    // an unhandled rejection, which ends a Node process. While Redis is away nothing is published (the
    // other processes cannot hear it, and a queued broadcast would arrive stale): this process's own
    // sockets still get every event, since the adapter delivers locally whatever Redis does.
    const publish = pub.publish.bind(pub) as (channel: string, message: string) => Promise<number>;
    pub.publish = ((channel: string, message: string) => {
      if (pub.status !== 'ready') return Promise.resolve(0);
      // Lost with a connection that broke under it: the connection's error listener reports the outage.
      return publish(channel, message).catch(() => 0);
    }) as typeof pub.publish;
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub, { key: `${config.REDIS_PREFIX}socket.io`, publishOnSpecificResponseChannel: true }));
  }

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    const until = Date.now() + GOODBYE_MS;
    while (io.engine.clientsCount > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    // A client that never answers the WebSocket close handshake would keep its connection open: cut it.
    const { clients } = io.engine as unknown as { clients: Record<string, { transport?: { socket?: { terminate?: () => void } } }> };
    for (const client of Object.values(clients)) {
      client.transport?.socket?.terminate?.();
    }
  });
  app.addHook('onClose', async () => {
    // The HTTP server is already closed; this stops engine.io's timers and the adapter.
    await io.close();
    // QUIT waits for Redis; while it is away there is nothing to say goodbye to.
    const end = (client: Redis) => (client.status === 'ready' ? client.quit() : client.disconnect());
    if (redis) await Promise.all([end(redis.pub), end(redis.sub)]).catch(() => undefined);
  });
  return io;
}
