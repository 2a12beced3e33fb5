import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../src/plugins/app/mail/mail-transport';
import { jobRows } from '../support/jobs';
import { useTestApp } from '../support/test-app';

const MAILS = 30;

describe('a relay slower than the job timeout, under load', () => {
  // One second per attempt; the workers run as in a server process.
  const t = useTestApp({ background: true, env: { JOBS_TIMEOUT_SECONDS: 1, JOBS_POLL_MS: 200 } });

  it('sends each mail once: the attempt is failed and retried, and the retry finds the first send recorded', async () => {
    // The relay hangs for longer than the timeout on each message's first attempt and ignores the
    // abort, as a stuck SMTP conversation would, then accepts it: the first run sends after its job
    // was already failed and queued again.
    const accept = t.mail.send.bind(t.mail);
    const attempts = new Map<string, number>();
    t.mail.send = async (message: MailMessage) => {
      const attempt = (attempts.get(message.to) ?? 0) + 1;
      attempts.set(message.to, attempt);
      if (attempt === 1) await sleep(1500);
      await accept(message);
    };

    for (let n = 0; n < MAILS; n++) {
      await t.db.transaction((tx) =>
        t.app.mailer.send(tx, `slow-${n}@example.com`, { template: 'password-changed', data: { name: `Person ${n}` } }),
      );
    }

    await vi.waitFor(
      async () => {
        const jobs = await jobRows(t.db, 'mail');
        expect(jobs.filter((job) => job.state === 'completed')).toHaveLength(MAILS);
      },
      { timeout: 60_000, interval: 200 },
    );
    const jobs = await jobRows(t.db, 'mail');
    // Every job outlived its first attempt's timeout and ran again...
    expect(jobs.every((job) => job.attempts >= 2)).toBe(true);
    // ...and every mail arrived once.
    const received = t.mail.messages.map((m) => m.to).sort();
    expect(received).toEqual(Array.from({ length: MAILS }, (_, n) => `slow-${n}@example.com`).sort());
  });
});
