import type { Config } from '../../../../config';
import type { Db, DbOrTx } from '../../../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailMessage, MailTransport } from '../../mail/mail-transport';
import { deliveryRepository, type DeliveryTarget } from './delivery-repository';
import type { NotificationContent } from './notification-content';
import { digestMail, singleNotificationMail, type DigestItem, type MailRecipient } from './notification-mail';
import { usersRepository } from '../../users/users-repository';
import { unsubscribePath, verifyUnsubscribeToken } from './unsubscribe-link';

/** At most one notification mail per thread per recipient in this window. */
export const MAIL_WINDOW_MS = 10 * 60_000;

interface DigestJob {
  userId: number;
  threadKey: string;
  title: string;
}

/** A discussion is a thread; whatever is about no discussion (new followers) is one thread of its own. */
export const threadKeyOf = (target: Pick<DeliveryTarget, 'data'>) =>
  target.data.subject_id ? `discussion:${target.data.subject_id}` : 'followers';

/**
 * Notification e-mail. The first event of a thread is mailed at once; events within the next ten
 * minutes are folded and go out together in one digest when the window closes. Every decision is
 * taken under the thread's throttle row lock, in the delivery transaction, so two processes never
 * both mail. Sending itself is a job of its own: the relay's retries never re-decide anything.
 */
export class MailChannel {
  constructor(
    private db: Db,
    private queue: JobQueue,
    private transport: MailTransport,
    private config: Config,
  ) {
    void queue.handleSends<MailMessage>('notification.mail', (message, job) => this.transport.send({ ...message, key: job.key }));
    // Decides and queues (the digest's mail is a job of its own), in one transaction: a rerun finds nothing folded.
    void queue.handle<DigestJob>('notification.digest', (job) => this.sendDigest(job));
  }

  recipient(target: Pick<DeliveryTarget, 'sid' | 'email' | 'name'>): MailRecipient {
    return { email: target.email, name: target.name, unsubscribeUrl: this.config.appUrl + unsubscribePath(this.config.appKey, target.sid) };
  }

  /** Whether an unsubscribe link is one we signed (the page that shows its button). */
  verify(token: string): boolean {
    return verifyUnsubscribeToken(this.config.appKey, token) !== null;
  }

  /** The one-click unsubscribe: turns emailNotifications off; false when the link is not one we signed. */
  async unsubscribe(token: string): Promise<boolean> {
    const sid = verifyUnsubscribeToken(this.config.appKey, token);
    const user = sid ? await usersRepository.findBySid(this.db, sid) : undefined;
    if (!user) return false;
    if (user.emailNotifications) await usersRepository.update(this.db, user.id, { emailNotifications: false });
    return true;
  }

  /** Inside the delivery transaction, for an event whose e-mail the ledger just claimed. */
  async enqueue(tx: DbOrTx, eventId: string, target: DeliveryTarget, content: NotificationContent): Promise<void> {
    const threadKey = threadKeyOf(target);
    const throttle = await deliveryRepository.lockThrottle(tx, target.userId, threadKey);
    const windowOpen = throttle.lastSentAt !== null && throttle.now.getTime() - throttle.lastSentAt.getTime() < MAIL_WINDOW_MS;
    if (!windowOpen && throttle.digestDueAt === null) {
      await this.send(tx, singleNotificationMail(this.recipient(target), content, this.config.appUrl));
      await deliveryRepository.setThrottle(tx, target.userId, threadKey, { lastSentAt: throttle.now });
      return;
    }
    const item: DigestItem = { sentence: content.sentence, path: content.path, at: throttle.now.toISOString() };
    await deliveryRepository.fold(tx, eventId, threadKey, { ...item });
    if (throttle.digestDueAt === null) {
      const due = new Date((throttle.lastSentAt ?? throttle.now).getTime() + MAIL_WINDOW_MS);
      await deliveryRepository.setThrottle(tx, target.userId, threadKey, { digestDueAt: due });
      await this.queue.enqueue(tx, 'notification.digest', { userId: target.userId, threadKey, title: content.title } satisfies DigestJob, {
        runAt: due,
      });
    }
  }

  /** When the window closes: everything folded since, in one mail (nothing when it was all taken back). */
  private async sendDigest({ userId, threadKey, title }: DigestJob): Promise<void> {
    await this.db.transaction(async (tx) => {
      const throttle = await deliveryRepository.lockThrottle(tx, userId, threadKey);
      const items = (await deliveryRepository.takeFolded(tx, userId, threadKey)) as unknown as DigestItem[];
      const person = await deliveryRepository.recipientOf(tx, userId);
      // Turned off, suspended or gone in the meantime: the folded events are dropped with the window.
      if (!items.length || !person || !person.emailNotifications || person.banned) {
        await deliveryRepository.setThrottle(tx, userId, threadKey, { digestDueAt: null });
        return;
      }
      await this.send(tx, digestMail(this.recipient(person), title, items, this.config.appUrl));
      await deliveryRepository.setThrottle(tx, userId, threadKey, { lastSentAt: throttle.now, digestDueAt: null });
    });
  }

  private send(tx: DbOrTx, message: MailMessage) {
    // The queue backs off about 5 s, 10 s, 20 s, ... doubling up to an hour: twelve attempts ride out two to three hours of relay trouble.
    return this.queue.enqueue(tx, 'notification.mail', message, { maxAttempts: 12 });
  }
}
