import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailThrottles } from '../../src/db/schema/index';
import { makeDue, runAgain } from '../support/jobs';
import { useTestApp } from '../support/test-app';
import { commentOn, deliverAll, deliveryApp, discussionOf, someone } from './support/delivery-app';
import { startPushService } from './support/push-service';
import { HttpSession, startServerProcess, type ServerProcess } from './support/server-process';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const notificationMails = (smtp: SmtpSink, email: string) => smtp.to(email).filter((m) => m.headers['list-unsubscribe']);

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('crash safety', () => {
  it(
    'delivers a notification committed before kill -9 exactly once after the restart (real server processes)',
    { timeout: 240_000 },
    async () => {
      const smtp = await startSmtpSink();
      const push = await startPushService();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wink-crash-'));
      closers.push(smtp.close, push.close, () => rm(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        APP_KEY: 'crash-test-key-crash-test-key-crash-01',
        APP_URL: 'http://localhost:3000',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        JOBS_POLL_MS: '200',
        ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
      };
      const servers: ServerProcess[] = [];
      closers.push(() => Promise.all(servers.map((s) => s.crash())));

      // While the first process runs, neither the relay nor the push service accepts anything: whatever
      // it got to before dying, it cannot have delivered.
      smtp.refuse(true);
      const browser = push.subscribe();
      push.answer(browser.id, 503);
      const first = await startServerProcess(env);
      servers.push(first);
      const ownerEmail = `owner-${Date.now()}@example.com`;
      let owner = new HttpSession(first.baseUrl);
      await owner.register('Olivia', ownerEmail);
      expect((await owner.request('PATCH', '/api/user/settings', { web_notifications: true })).status).toBe(200);
      expect((await owner.request('POST', '/api/push/subscriptions', browser)).status).toBe(204);
      const commenter = new HttpSession(first.baseUrl);
      await commenter.register('Chidi', `commenter-${Date.now()}@example.com`);
      const opened = await owner.request('POST', '/api/discussions', {
        title: 'Walking after meals',
        body: 'Who walks after dinner?',
        access_type: 'public',
      });
      const discussionId = (opened.json() as { data: { id: string } }).data.id;
      expect((await commenter.request('POST', `/api/discussions/${discussionId}/comments`, { body: 'I do, every day.' })).status).toBe(201);

      // The moment the notification is committed (the owner can list it), the process dies.
      await waitFor(
        'the notification',
        async () => ((await owner.request('GET', '/api/notifications')).json() as { data: unknown[] }).data.length === 1,
        30_000,
      );
      await first.crash();
      expect(notificationMails(smtp, ownerEmail)).toEqual([]);
      expect(push.received).toEqual([]);

      smtp.refuse(false);
      push.answer(browser.id, null);
      const second = await startServerProcess(env);
      servers.push(second);
      owner = owner.on(second.baseUrl);
      // A job the dead process had claimed runs again once its attempt times out (JOBS_TIMEOUT_SECONDS).
      await waitFor('the mail and the push', () => notificationMails(smtp, ownerEmail).length >= 1 && push.received.length >= 1, 120_000);
      // Several more polls of the queue: nothing goes out twice.
      await sleep(3000);
      expect(notificationMails(smtp, ownerEmail).map((m) => m.subject)).toEqual(['Chidi commented in Walking after meals']);
      expect(push.received.map((m) => m.payload.body)).toEqual(['Chidi commented in Walking after meals']);
      expect(((await owner.request('GET', '/api/notifications')).json() as { data: unknown[] }).data).toHaveLength(1);
      await second.stop();
    },
  );

  it('does nothing twice when a delivery, digest or send job runs again (killed after its work, before the queue marked it done)', async () => {
    const smtp = await startSmtpSink();
    const push = await startPushService();
    closers.push(smtp.close, push.close);
    const app = await deliveryApp(t, { SMTP_URL: smtp.url }, closers);
    const owner = await someone(app, 'Olivia', { web_notifications: true });
    const commenter = await someone(app, 'Chidi');
    await owner.agent.post('/api/push/subscriptions', push.subscribe());
    const discussion = await discussionOf(owner);
    await commentOn(commenter, discussion.id, 'First.');
    await commentOn(commenter, discussion.id, 'Second.');
    await deliverAll(app);
    const again = async (queue: string) => {
      await runAgain(t.db, queue);
      await app.jobs.drain();
    };
    await t.db.update(mailThrottles).set({ lastSentAt: sql`${mailThrottles.lastSentAt} - interval '10 minutes'` });
    await makeDue(t.db, 'notification.digest');
    await app.jobs.drain();
    expect(notificationMails(smtp, owner.email)).toHaveLength(2); // the first comment's mail, then the digest
    expect(push.received).toHaveLength(2);

    await again('notification.deliver');
    await again('notification.digest');
    expect(notificationMails(smtp, owner.email)).toHaveLength(2);
    expect(push.received).toHaveLength(2);

    // The sends themselves run again (their process killed before the queue recorded them): the ledger
    // of sent messages finds each one sent, and nothing goes out twice.
    await again('notification.mail');
    await again('notification.webpush');
    expect(notificationMails(smtp, owner.email)).toHaveLength(2);
    expect(push.received).toHaveLength(2);
  });
});
