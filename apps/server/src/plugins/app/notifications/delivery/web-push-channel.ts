import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db, DbOrTx } from '../../../../db/client';
import { webPushSubscriptions } from '../../../../db/schema/index';
import type { JobQueue } from '../../jobs/job-queue';
import type { VapidKeys } from './vapid-keys';

/** What the service worker receives (public/sw-push.js reads exactly these keys). */
export interface WebPushMessage {
  title: string;
  body: string;
  /** The in-app path a click opens. */
  path: string;
  /** One notification per tag on screen: a collapsed notification replaces its earlier self. */
  tag: string;
  data: Record<string, string>;
}

interface WebPushJob {
  subscriptionId: number;
  /** Whose subscription it was when queued: an endpoint since taken over by someone else gets nothing of this. */
  userId: number;
  message: WebPushMessage;
}

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

const DAY_SECONDS = 24 * 60 * 60;

export const webPushSubscriptionsRepository = {
  /** Upsert by endpoint: the browser's subscription moves with whoever signs in on it last. */
  async save(db: DbOrTx, userId: number, sub: NewSubscription): Promise<void> {
    await db
      .insert(webPushSubscriptions)
      .values({ userId, ...sub })
      .onConflictDoUpdate({
        target: webPushSubscriptions.endpoint,
        set: { userId, p256dh: sub.p256dh, auth: sub.auth, userAgent: sub.userAgent },
      });
  },
  async remove(db: DbOrTx, userId: number, endpoint: string): Promise<void> {
    await db.delete(webPushSubscriptions).where(and(eq(webPushSubscriptions.userId, userId), eq(webPushSubscriptions.endpoint, endpoint)));
  },
  listForUser(db: DbOrTx, userId: number) {
    return db.select({ id: webPushSubscriptions.id }).from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, userId));
  },
};

/**
 * Web push (RFC 8030 + VAPID, RFC 8292; payload encrypted with aes128gcm, RFC 8291). web-push builds
 * and encrypts the request; fetch sends it, so any push service URL works, a local one in tests too.
 * One job per subscription: a dead browser never holds back the others' retries.
 */
export class WebPushChannel {
  constructor(
    private db: Db,
    private queue: JobQueue,
    readonly keys: VapidKeys,
    private log: FastifyBaseLogger,
  ) {
    void queue.handleSends<WebPushJob>('notification.webpush', (job, { signal }) => this.send(job, signal));
  }

  /** Inside the delivery transaction: one job per subscription the person has. */
  async enqueue(tx: DbOrTx, userId: number, message: WebPushMessage): Promise<void> {
    for (const { id } of await webPushSubscriptionsRepository.listForUser(tx, userId)) {
      await this.queue.enqueue(tx, 'notification.webpush', { subscriptionId: id, userId, message } satisfies WebPushJob, {
        maxAttempts: 6,
      });
    }
  }

  private async send({ subscriptionId, userId, message }: WebPushJob, signal: AbortSignal): Promise<void> {
    const [sub] = await this.db
      .select()
      .from(webPushSubscriptions)
      .where(and(eq(webPushSubscriptions.id, subscriptionId), eq(webPushSubscriptions.userId, userId)))
      .limit(1);
    if (!sub) return; // unsubscribed since: nothing to send to
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(message),
      {
        vapidDetails: this.keys,
        TTL: DAY_SECONDS,
        urgency: 'normal',
        // A notification collapsed while undelivered replaces the older message at the push service.
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([k, v]) => [k, String(v)]),
    );
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body as Buffer,
      signal: AbortSignal.any([signal, AbortSignal.timeout(15_000)]),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) {
      // The push service says this subscription is gone for good (RFC 8030 §7.3): stop sending to it.
      this.log.info({ subscriptionId, status: res.status }, 'web push subscription expired; removed');
      await this.db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, subscriptionId));
      return;
    }
    if (!res.ok) throw new Error(`The push service answered ${res.status}.`);
  }
}
