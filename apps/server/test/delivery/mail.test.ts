import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailThrottles, users } from '../../src/db/schema/index';
import { advanceJobs, jobRows, makeDue } from '../support/jobs';
import { useTestApp } from '../support/test-app';
import { commentOn, deliverAll, deliveryApp, discussionOf, someone } from './support/delivery-app';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function setup() {
  const smtp = await startSmtpSink();
  closers.push(smtp.close);
  const app = await deliveryApp(t, { SMTP_URL: smtp.url, MAIL_FROM: 'Wink Health <notify@wink.test>' }, closers);
  const owner = await someone(app, 'Olivia');
  const commenter = await someone(app, 'Chidi');
  const discussion = await discussionOf(owner);
  await deliverAll(app);
  smtp.received.splice(0); // the verification mails of registration
  return { smtp, app, owner, commenter, discussion };
}

/** Ten minutes later, as far as the throttle and the queued digests can tell. */
async function tenMinutesPass() {
  await t.db.update(mailThrottles).set({ lastSentAt: sql`${mailThrottles.lastSentAt} - interval '10 minutes'` });
  await advanceJobs(t.db, '10 minutes');
}

const notificationMail = (smtp: SmtpSink, email: string) => smtp.to(email).filter((m) => m.headers['list-unsubscribe']);

describe('notification e-mail', () => {
  it('mails the discussion owner through SMTP when someone comments: text and HTML, a link to the comment, a one-click unsubscribe', async () => {
    const { smtp, app, owner, commenter, discussion } = await setup();
    const commentId = await commentOn(commenter, discussion.id);
    await deliverAll(app);

    expect(smtp.received.map((m) => m.to)).toEqual([[owner.email]]); // never the commenter
    const [mail] = smtp.received;
    expect(mail!.subject).toBe('Chidi commented in Walking after meals');
    expect(mail!.headers.from).toBe('Wink Health <notify@wink.test>');
    const commentUrl = `http://localhost:3000/discussions/${discussion.id}/comments/${commentId}`;
    expect(mail!.text).toContain('Hello Olivia,');
    expect(mail!.text).toContain(`Open in Wink Health: ${commentUrl}`);
    expect(mail!.html).toContain(`<a href="${commentUrl}"`);
    expect(mail!.html).toContain('Chidi commented in Walking after meals');
    const unsubscribe = /^<(http:\/\/localhost:3000\/email\/unsubscribe\/[^>]+)>$/.exec(mail!.headers['list-unsubscribe']!)?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(mail!.html).toContain(`href="${unsubscribe}"`);
  });

  it('sends at most one mail per discussion in ten minutes; what follows arrives as one digest when the window closes', async () => {
    const { smtp, app, owner, commenter, discussion } = await setup();
    const other = await someone(app, 'Tahani');
    await commentOn(commenter, discussion.id, 'First.');
    await deliverAll(app);
    expect(notificationMail(smtp, owner.email)).toHaveLength(1);

    await commentOn(other, discussion.id, 'Second.');
    await commentOn(commenter, discussion.id, 'Third.');
    await deliverAll(app);
    expect(notificationMail(smtp, owner.email)).toHaveLength(1); // folded, not sent

    await tenMinutesPass();
    await app.jobs.drain();
    const mails = notificationMail(smtp, owner.email);
    expect(mails).toHaveLength(2);
    const digest = mails[1]!;
    expect(digest.subject).toBe('2 new updates in Walking after meals');
    expect(digest.text).toMatch(/Since our last e-mail, 2 things happened in Walking after meals:/);
    expect(digest.text.indexOf('Tahani commented in Walking after meals')).toBeLessThan(
      digest.text.indexOf('Chidi commented in Walking after meals'),
    );

    // The digest opened a new window: the next comment waits for the next digest.
    await commentOn(other, discussion.id, 'Fourth.');
    await deliverAll(app);
    expect(notificationMail(smtp, owner.email)).toHaveLength(2);
    await tenMinutesPass();
    await app.jobs.drain();
    expect(notificationMail(smtp, owner.email).map((m) => m.subject)).toEqual([
      'Chidi commented in Walking after meals',
      '2 new updates in Walking after meals',
      'Tahani commented in Walking after meals',
    ]);
  });

  it('throttles each discussion on its own', async () => {
    const { smtp, app, owner, commenter, discussion } = await setup();
    const second = await discussionOf(owner, 'Sleep and blood sugar');
    await commentOn(commenter, discussion.id);
    await commentOn(commenter, second.id);
    await deliverAll(app);
    expect(
      notificationMail(smtp, owner.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Chidi commented in Sleep and blood sugar', 'Chidi commented in Walking after meals']);
  });

  it('sends nothing to someone who turned e-mail notifications off, nor about what they already read in the app', async () => {
    const { smtp, app, owner, commenter, discussion } = await setup();
    await owner.agent.patch('/api/user/settings', { email_notifications: false });
    await commentOn(commenter, discussion.id);
    await deliverAll(app);
    expect(notificationMail(smtp, owner.email)).toEqual([]);

    await owner.agent.patch('/api/user/settings', { email_notifications: true });
    await owner.agent.post('/api/notifications/read-all');
    await commentOn(commenter, discussion.id, 'Read before the mail went out.');
    await app.events.settled();
    await owner.agent.post('/api/notifications/read-all');
    await app.jobs.drain();
    expect(notificationMail(smtp, owner.email)).toEqual([]);
  });

  it('never holds up the comment while the relay refuses; the queue retries with backoff and delivers once it accepts', async () => {
    const { smtp, app, owner, commenter, discussion } = await setup();
    smtp.refuse(true);
    const started = Date.now();
    await commentOn(commenter, discussion.id);
    expect(Date.now() - started).toBeLessThan(2000);
    await deliverAll(app);
    const [pending] = await jobRows(t.db, 'notification.mail');
    expect(pending).toMatchObject({ attempts: 1, state: 'retry' });
    expect(pending!.lastError).toMatch(/451|try again/i);
    expect(pending!.runAt.getTime()).toBeGreaterThan(Date.now()); // backing off, not hammering the relay

    smtp.refuse(false);
    await makeDue(t.db, 'notification.mail');
    await app.jobs.drain();
    expect(notificationMail(smtp, owner.email)).toHaveLength(1);
  });

  describe('one-click unsubscribe', () => {
    async function linkOfOwnerMail() {
      const context = await setup();
      await commentOn(context.commenter, context.discussion.id);
      await deliverAll(context.app);
      const header = notificationMail(context.smtp, context.owner.email)[0]!.headers['list-unsubscribe']!;
      return { ...context, path: new URL(header.slice(1, -1)).pathname };
    }

    const emailSetting = async (email: string) =>
      (await t.db.select({ on: users.emailNotifications }).from(users).where(eq(users.email, email)))[0]!.on;

    it('shows a confirmation on GET (mail scanners open links) and turns e-mail off on the RFC 8058 POST, without a session', async () => {
      const { app, owner, path } = await linkOfOwnerMail();
      const page = await app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Turn off notification e-mails');
      expect(await emailSetting(owner.email)).toBe(true);

      const post = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(200);
      expect(post.body).toContain('You are unsubscribed');
      expect(await emailSetting(owner.email)).toBe(false);
      const settings = await owner.agent.get('/api/user');
      expect(settings.json().data.settings.email_notifications).toBe(false);
    });

    it('refuses a link whose signature was tampered with, and mails nothing more after unsubscribing', async () => {
      const { smtp, app, owner, commenter, discussion, path } = await linkOfOwnerMail();
      const sid = decodeURIComponent(path.split('/').pop()!).split('.')[0]!;
      for (const forged of [
        `/email/unsubscribe/${sid}.${'0'.repeat(40)}`,
        `/email/unsubscribe/${commenter.sid}.${path.split('.').pop()}`,
        '/email/unsubscribe/nothing',
      ]) {
        expect((await app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
        expect((await app.inject({ url: forged })).statusCode).toBe(404);
      }
      expect(await emailSetting(owner.email)).toBe(true);

      await app.inject({ method: 'POST', url: path });
      await tenMinutesPass();
      await commentOn(commenter, discussion.id, 'After the unsubscribe.');
      await deliverAll(app);
      expect(notificationMail(smtp, owner.email)).toHaveLength(1);
    });
  });
});
