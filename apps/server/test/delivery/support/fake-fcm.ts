import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake accepted: the message FCM would have pushed to the device. */
export interface FcmSent {
  token: string;
  data: Record<string, string>;
  notification: { title: string; body: string };
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(text));
  });

const fcmError = (status: number, code: string, errorCode: string) => ({
  error: {
    code: status,
    message: code,
    status: code,
    details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
  },
});

/**
 * Google's two halves of FCM HTTP v1 on loopback: the OAuth token endpoint (a JWT bearer grant signed
 * with the service account's key, verified against its public half) and messages:send, which only
 * takes the access token it issued. Tokens can be declared dead, the way FCM reports uninstalled apps.
 */
export async function startFakeFcm(projectId = 'wink-test') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const accessTokens = new Set<string>();
  const sent: FcmSent[] = [];
  const unregistered = new Set<string>();
  const invalid = new Set<string>();
  let tokenRequests = 0;
  let failing = false;
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const text = await bodyOf(req);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && req.url === '/token') {
        tokenRequests++;
        const form = new URLSearchParams(text);
        const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
        const signed = verify('RSA-SHA256', Buffer.from(`${head}.${claims}`), publicKey, Buffer.from(signature ?? '', 'base64url'));
        const body = signed ? (JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; scope: string }) : null;
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !body || body.aud !== `${origin}/token`) {
          return json(400, { error: 'invalid_grant' });
        }
        const token = randomBytes(16).toString('hex');
        accessTokens.add(token);
        return json(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && req.url === `/v1/projects/${projectId}/messages:send`) {
        if (!accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
          return json(401, fcmError(401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR'));
        if (failing) return json(503, fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE'));
        const { message } = JSON.parse(text) as { message: FcmSent };
        if (unregistered.has(message.token)) return json(404, fcmError(404, 'NOT_FOUND', 'UNREGISTERED'));
        if (invalid.has(message.token)) return json(400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'));
        sent.push({ token: message.token, data: message.data, notification: message.notification });
        return json(200, { name: `projects/${projectId}/messages/${sent.length}` });
      }
      json(404, { error: 'not found' });
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    sent,
    unregistered,
    invalid,
    tokenRequests: () => tokenRequests,
    fail(value: boolean) {
      failing = value;
    },
    /** A service-account JSON as Firebase's console hands it out, pointing at this fake. */
    credentials: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'test',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `push@${projectId}.iam.gserviceaccount.com`,
      token_uri: `${origin}/token`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeFcm = Awaited<ReturnType<typeof startFakeFcm>>;
