import { randomUUID } from 'node:crypto';
import { KIND_OF_TYPE } from '@wink/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../../config';
import type { Db, Tx } from '../../../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailTransport } from '../../mail/mail-transport';
import { cellOn } from '../grid-cells';
import type { Notified, Notifier } from '../notifier';
import { deliveryRepository, type Channel, type DeliveryTarget } from './delivery-repository';
import { FcmChannel, parseFcmCredentials } from './fcm-channel';
import { MailChannel } from './mail-channel';
import { notificationContent, pushData } from './notification-content';
import { resolveVapidKeys } from './vapid-keys';
import { WebPushChannel } from './web-push-channel';
import { WebPushSubscriptions } from './web-push-subscriptions';

/** One recipient's share of a write: the event gets its own id, the key of the delivery ledger. */
interface DeliverJob {
  recipients: { eventId: string; notificationId: string }[];
}

export interface DeliveryOptions {
  db: Db;
  queue: JobQueue;
  config: Config;
  mailTransport: MailTransport;
  log: FastifyBaseLogger;
}

/**
 * Takes notifications beyond the app: e-mail, web push and Android push (when FCM is configured), each
 * where the recipient's notification grid has the kind's cell and the channel's column switch on.
 *
 * Crash safety: the `notification.deliver` job is written in the very transaction that writes the
 * notifications, so one committed is one that will be delivered, whatever happens to the process
 * next. The job may run more than once (killed after its work, before the queue marked it done); the
 * delivery ledger makes every run after the first a no-op, channel by channel. Each channel's sending
 * is a job of its own, queued in the ledger's transaction, retried with the queue's backoff, and never
 * on the path of the request that caused the event.
 */
export class NotificationDelivery {
  readonly mail: MailChannel;
  readonly webPush: WebPushChannel;
  /** The browsers each person receives web push in (settings, routes/api/push-subscriptions.ts). */
  readonly subscriptions: WebPushSubscriptions;
  /** Null when FCM_CREDENTIALS is not set: Android registrations are kept, nothing is sent. */
  readonly fcm: FcmChannel | null;
  private db: Db;
  private queue: JobQueue;

  constructor({ db, queue, config, mailTransport, log }: DeliveryOptions) {
    this.db = db;
    this.queue = queue;
    this.mail = new MailChannel(db, queue, mailTransport, config);
    this.webPush = new WebPushChannel(db, queue, resolveVapidKeys(config), log);
    this.subscriptions = new WebPushSubscriptions(db, config);
    this.fcm = config.FCM_CREDENTIALS
      ? new FcmChannel(db, queue, parseFcmCredentials(config.FCM_CREDENTIALS), config.FCM_ENDPOINT, log)
      : null;
    void queue.handle<DeliverJob>('notification.deliver', (job) => this.deliver(job));
  }

  attach(notifier: Notifier): () => void {
    return notifier.onWriting((tx, notified) => this.enqueue(tx, notified));
  }

  /** In the notifications' own transaction: one job for the whole write. */
  private async enqueue(tx: Tx, { notifications }: Notified): Promise<void> {
    const recipients = notifications.map((n) => ({ eventId: randomUUID(), notificationId: n.id }));
    await this.queue.enqueue(tx, 'notification.deliver', { recipients } satisfies DeliverJob, { maxAttempts: 10 });
  }

  private async deliver({ recipients }: DeliverJob): Promise<void> {
    for (const recipient of recipients) await this.deliverOne(recipient.eventId, recipient.notificationId);
  }

  private async deliverOne(eventId: string, notificationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await deliveryRepository.target(tx, notificationId);
      // Gone (account deleted) or already read in the app: nothing left worth interrupting anyone for.
      if (!target || target.readAt !== null || target.banned) return;
      for (const channel of channelsFor(target, this.fcm !== null)) {
        if (!(await deliveryRepository.claim(tx, eventId, channel, target.userId))) continue;
        await this.queueChannel(tx, eventId, channel, target);
      }
      // Kept for delivery alone: done with, so the next event of its kind gets a row (and a message) of its own.
      if (!target.inApp) await deliveryRepository.markDelivered(tx, notificationId);
    });
  }

  private async queueChannel(tx: Tx, eventId: string, channel: Channel, target: DeliveryTarget): Promise<void> {
    const count = typeof target.data.count === 'number' ? target.data.count : 1;
    const content = notificationContent(target, count);
    const push = { title: content.title, body: content.sentence, tag: target.notificationId, data: pushData(target.type, target.data) };
    if (channel === 'email') return this.mail.enqueue(tx, eventId, target, notificationContent(target));
    if (channel === 'web') return this.webPush.enqueue(tx, target.userId, { ...push, path: content.path });
    return this.fcm?.enqueue(tx, target.userId, push);
  }
}

/** The channels the recipient's grid has on for the notification's kind (Android only when FCM is configured). */
function channelsFor(target: DeliveryTarget, fcm: boolean): Channel[] {
  const kind = KIND_OF_TYPE[target.type];
  return (['email', 'web', 'android'] as const).filter((channel) => cellOn(target, kind, channel) && (channel !== 'android' || fcm));
}
