import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';

/** A message the push service accepted: decrypted, with the VAPID claims it was signed with. */
export interface PushedMessage {
  subscription: string;
  payload: Record<string, unknown>;
  ttl: string | undefined;
  topic: string | undefined;
  urgency: string | undefined;
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
}

interface Browser {
  ecdh: ECDH;
  authSecret: Buffer;
}

/** An uncompressed P-256 point (65 bytes, base64url) as a verification key. */
function p256Key(point: string) {
  const raw = Buffer.from(point, 'base64url');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT must be ES256 under that key, for this origin, unexpired. */
function verifyVapid(header: string | undefined, origin: string) {
  const t = /t=([^,\s]+)/.exec(header ?? '')?.[1];
  const k = /k=([^,\s]+)/.exec(header ?? '')?.[1];
  if (!header?.startsWith('vapid ') || !t || !k) throw new Error('no VAPID authorization');
  const [head, body, signature] = t.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: p256Key(k), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as PushedMessage['claims'];
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { claims, vapidPublicKey: k };
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * A push service (RFC 8030) on loopback, standing in for the browser vendors' ones. It hands out
 * subscriptions with real keys, as a browser would, and accepts a message only when its VAPID
 * signature verifies and its aes128gcm payload decrypts with the subscription's private key.
 */
export async function startPushService() {
  const browsers = new Map<string, Browser>();
  const received: PushedMessage[] = [];
  const rejected: string[] = [];
  /** Per subscription: the status to answer instead of 201 (410 gone, 500 broken). */
  const answers = new Map<string, number>();
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      const body = await bodyOf(req);
      if (req.method !== 'POST' || !id || !browser) return res.writeHead(404).end();
      const forced = answers.get(id);
      if (forced) return res.writeHead(forced).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = verifyVapid(req.headers.authorization, origin);
        const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.authSecret }) as Buffer;
        received.push({
          subscription: id,
          payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          ttl: req.headers.ttl as string | undefined,
          topic: req.headers.topic as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          ...vapid,
        });
        res.writeHead(201, { location: `/message/${received.length}` }).end();
      } catch (err) {
        rejected.push((err as Error).message);
        res.writeHead(400).end();
      }
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    /** A new browser subscription, in PushSubscription.toJSON()'s shape. */
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      browsers.set(id, { ecdh, authSecret });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    answer(id: string, status: number | null) {
      if (status === null) answers.delete(id);
      else answers.set(id, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
