import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents, type SocketRefusal } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import type { Agent } from '../support/agent';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const opened: TestSocket[] = [];

/** Every socket a test opened is closed after it, whatever happened. */
afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

/** The app on a real port of 127.0.0.1 (sockets need a listening server; app.inject has none). */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** The session cookie header an agent would send. */
export const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

export interface ConnectOptions {
  cookie?: string;
  bearer?: string;
  /** The bearer token as browsers send it: in socket.io's `auth`, not a header. */
  authToken?: string;
  origin?: string;
}

/** A socket.io client as the web app opens one (WebSocket transport, no automatic reconnection in tests). */
export function socketFor(baseUrl: string, options: ConnectOptions = {}): TestSocket {
  const extraHeaders: Record<string, string> = {};
  if (options.cookie) extraHeaders.cookie = options.cookie;
  if (options.bearer) extraHeaders.authorization = `Bearer ${options.bearer}`;
  if (options.origin) extraHeaders.origin = options.origin;
  const socket: TestSocket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders,
    auth: options.authToken ? { token: options.authToken } : {},
  });
  opened.push(socket);
  return socket;
}

/** Connects, or rejects with the server's refusal (`connect_error`'s data). */
export function connected(socket: TestSocket): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(Object.assign(err, { refusal: (err as { data?: SocketRefusal }).data })));
  });
}

export async function connect(baseUrl: string, options: ConnectOptions = {}): Promise<TestSocket> {
  return connected(socketFor(baseUrl, options));
}

/** The refusal a connection attempt ends with (fails the test if it connects). */
export async function refusal(baseUrl: string, options: ConnectOptions = {}): Promise<SocketRefusal | undefined> {
  try {
    await connect(baseUrl, options);
  } catch (err) {
    return (err as { refusal?: SocketRefusal }).refusal;
  }
  throw new Error('the socket connected');
}

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Everything a socket receives of one event, from now on. */
export function record<E extends EventName>(socket: TestSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  socket.on(event as 'comment:created', ((payload: Payload<E>) => void seen.push(payload)) as never);
  return seen;
}

/** Waits until `check` holds (what a socket received arrives a little after the request that caused it). */
export async function eventually(check: () => boolean, ms = 5_000, what = 'the expected event'): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`${what} did not arrive within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits for the socket to be closed by the server, with the reason socket.io gives. */
export function disconnection(socket: TestSocket): Promise<string> {
  return new Promise((resolve) => {
    if (socket.disconnected) resolve('already disconnected');
    else socket.once('disconnect', (reason) => resolve(reason));
  });
}

export function subscribeTo(socket: TestSocket, discussionId: unknown) {
  return socket.timeout(5_000).emitWithAck('discussion:subscribe', discussionId as string);
}
