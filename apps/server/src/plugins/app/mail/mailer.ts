import type { DbOrTx } from '../../../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { MailTransport } from './mail-transport';
import { renderMail, type MailTemplate } from './templates';

type MailJob = MailTemplate & { to: string };

/** Mail is always sent through the job queue, so a slow or failing relay never holds up a request. */
export class Mailer {
  constructor(
    private queue: JobQueue,
    readonly transport: MailTransport,
  ) {
    void queue.handleSends<MailJob>('mail', async (mail, job) => {
      await this.transport.send({ to: mail.to, ...renderMail(mail), key: job.key });
    });
  }

  /** Queue a message in the caller's transaction: it goes out only if that transaction commits. */
  send(tx: DbOrTx, to: string, mail: MailTemplate): Promise<void> {
    return this.queue.enqueue(tx, 'mail', { to, ...mail });
  }
}
