import { createSign } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { deliveryRepository } from './delivery-repository';

/** The fields of a Google service-account key that sending needs. */
export interface FcmCredentials {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface FcmMessage {
  title: string;
  body: string;
  /** The product's data: type, subject_id, comment_id, follower_sid (strings, as FCM requires). */
  data: Record<string, string>;
  /** Collapses the device's earlier notification of the same notification. */
  tag: string;
}

interface FcmJob {
  registrationId: number;
  /** Whose device it was when queued: a token registered since by someone else gets nothing of this. */
  userId: number;
  message: FcmMessage;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** FCM's answers that mean the token will never work again (HTTP v1 error codes). */
const DEAD_TOKEN = new Set(['UNREGISTERED', 'INVALID_ARGUMENT']);

/** FCM_CREDENTIALS: the service-account JSON itself, or the path of its file. */
export function parseFcmCredentials(value: string): FcmCredentials {
  const text = value.trim().startsWith('{') ? value : existsSync(value) ? readFileSync(value, 'utf8') : null;
  if (text === null) throw new Error('Invalid configuration: FCM_CREDENTIALS is neither JSON nor a readable file.');
  const parsed = JSON.parse(text) as Partial<FcmCredentials>;
  for (const key of ['project_id', 'client_email', 'private_key', 'token_uri'] as const) {
    if (typeof parsed[key] !== 'string' || !parsed[key]) throw new Error(`Invalid configuration: FCM_CREDENTIALS has no ${key}.`);
  }
  return parsed as FcmCredentials;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The error code FCM put in its answer, if any (details[].errorCode, else error.status). */
function errorCode(body: unknown): string | undefined {
  const error = (body as { error?: { status?: string; details?: { errorCode?: string }[] } } | null)?.error;
  return error?.details?.find((d) => d.errorCode)?.errorCode ?? error?.status;
}

/**
 * Android push through FCM's HTTP v1 API. The OAuth access token comes from the service account's own
 * token_uri (a signed JWT exchanged for a bearer token, cached until shortly before it expires), so a
 * local fake can stand in for Google in tests. Tokens FCM reports dead are pruned; other failures retry.
 */
export class FcmChannel {
  private accessToken: { value: string; expiresAt: number } | null = null;

  constructor(
    private db: Db,
    private queue: JobQueue,
    private credentials: FcmCredentials,
    private endpoint: string,
    private log: FastifyBaseLogger,
  ) {
    void queue.handleSends<FcmJob>('notification.fcm', (job, { signal }) => this.send(job, signal));
  }

  /** Inside the delivery transaction: one job per Android device the person registered. */
  async enqueue(tx: DbOrTx, userId: number, message: FcmMessage): Promise<void> {
    for (const { id } of await deliveryRepository.androidTokens(tx, userId)) {
      await this.queue.enqueue(tx, 'notification.fcm', { registrationId: id, userId, message } satisfies FcmJob, { maxAttempts: 6 });
    }
  }

  private async send({ registrationId, userId, message }: FcmJob, signal: AbortSignal): Promise<void> {
    const token = await deliveryRepository.androidToken(this.db, registrationId, userId);
    if (!token) return; // unregistered since: nothing to send to
    const url = `${this.endpoint.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(this.credentials.project_id)}/messages:send`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token,
          data: message.data,
          notification: { title: message.title, body: message.body },
          android: { priority: 'high', notification: { tag: message.tag } },
        },
      }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(15_000)]),
    });
    if (res.ok) return void (await res.arrayBuffer());
    const body: unknown = await res.json().catch(() => null);
    const code = errorCode(body);
    if (code && DEAD_TOKEN.has(code)) {
      this.log.info({ code }, 'FCM reported a dead push token; removed');
      await deliveryRepository.forgetToken(this.db, token);
      return;
    }
    if (res.status === 401) this.accessToken = null; // revoked or expired early: ask for a new one next time
    throw new Error(`FCM answered ${res.status}${code ? ` ${code}` : ''}.`);
  }

  private async token(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > Date.now() + 60_000) return this.accessToken.value;
    const now = Math.floor(Date.now() / 1000);
    const { client_email, private_key, token_uri } = this.credentials;
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
      JSON.stringify({ iss: client_email, scope: SCOPE, aud: token_uri, iat: now, exp: now + 3600 }),
    )}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(private_key);
    const res = await fetch(token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${base64url(signature)}`,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !answer?.access_token) throw new Error(`The OAuth token endpoint answered ${res.status}.`);
    this.accessToken = { value: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 };
    return answer.access_token;
  }
}
