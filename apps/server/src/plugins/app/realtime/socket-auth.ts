import { REALTIME_MESSAGES, type SocketRefusal } from '@wink/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Socket } from 'socket.io';
import type { UserRow } from '../../../db/schema/index';
import type { SocketData } from '../../external/socket';
import { MAINTENANCE_MESSAGE } from '../maintenance/maintenance-gate';

type Handshake = Socket['handshake'];

/**
 * The credentials a handshake carries, as the HTTP API reads them: the session cookie, or a bearer
 * token in the Authorization header or in socket.io's `auth.token` (browsers' WebSockets cannot set headers).
 */
export function handshakeCredentials(handshake: Handshake): SocketData['credentials'] {
  const token = (handshake.auth as { token?: unknown } | undefined)?.token;
  const header = handshake.headers.authorization;
  const authorization = typeof token === 'string' && token ? `Bearer ${token}` : typeof header === 'string' ? header : undefined;
  return { cookie: handshake.headers.cookie, authorization };
}

/** The person those credentials belong to now, through the session manager the HTTP API uses; null if none. */
export async function userFor(app: FastifyInstance, credentials: SocketData['credentials']): Promise<UserRow | null> {
  const request = {
    headers: { authorization: credentials.authorization },
    cookies: credentials.cookie ? app.parseCookie(credentials.cookie) : {},
  } as Pick<FastifyRequest, 'headers' | 'cookies'>;
  return (await app.sessions.resolve(request)).user;
}

/**
 * A cookie rides along with any page's WebSocket to us (WebSockets ignore CORS), so a cookie session is
 * accepted only from our own origin; bearer tokens are never sent by a browser on its own.
 */
function sameOrigin(app: FastifyInstance, handshake: Handshake): boolean {
  const origin = handshake.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === handshake.headers.host || url.origin === new URL(app.config.appUrl).origin;
  } catch {
    return false;
  }
}

export class SocketRefused extends Error {
  constructor(readonly data: SocketRefusal) {
    super(data.message);
  }
}

/** Who is connecting, or why they may not: maintenance (503), a foreign origin (403), no valid session (401). */
export async function authenticateHandshake(app: FastifyInstance, handshake: Handshake): Promise<SocketData> {
  const down = app.maintenance.current;
  if (down) throw new SocketRefused({ status: 503, message: MAINTENANCE_MESSAGE, retry_after: down.retry_after });
  const credentials = handshakeCredentials(handshake);
  const bearer = /^Bearer\s/i.test(credentials.authorization ?? '');
  if (!bearer && !sameOrigin(app, handshake)) throw new SocketRefused({ status: 403, message: REALTIME_MESSAGES.foreignOrigin });
  const user = await userFor(app, credentials);
  if (!user) throw new SocketRefused({ status: 401, message: REALTIME_MESSAGES.unauthenticated });
  return { userId: user.id, credentials };
}
