import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { jobRows, makeDue } from '../support/jobs';
import { mailTransportFor } from '../../src/plugins/app/services';
import { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback: what a relay in production would receive. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${address.port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail', () => {
  const t = useTestApp();
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  const appWith = async (changes: Partial<Config>) => {
    const config = { ...t.config, ...changes };
    const app = await buildApp({ config, database: t.database, mailTransport: mailTransportFor(config), background: false, logger: false });
    closers.push(() => app.close());
    return app;
  };

  it('sends through SMTP when SMTP_URL is set: the verification mail reaches the relay', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const app = await appWith({ SMTP_URL: smtp.url, MAIL_FROM: 'Wink Health <hello@wink.test>' });
    expect(app.mailer.transport.kind).toBe('smtp');
    await new Agent(app).register({ email: 'smtp-person@example.com' });
    await app.jobs.drain();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('hello@wink.test');
    expect(mail!.to).toEqual(['smtp-person@example.com']);
    expect(mail!.raw).toMatch(/^Subject: Confirm your e-mail address$/m);
    expect(mail!.raw).toMatch(/multipart\/alternative/);
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain('/verify-email/');
  });

  it('keeps the mail queued while the relay is down, and delivers it once it is back', async () => {
    const first = await startSmtp();
    const port = new URL(first.url).port;
    await first.close();
    const app = await appWith({ SMTP_URL: first.url });
    // The relay being down never fails the request that caused the mail.
    const { user } = await new Agent(app).register({ email: 'patient@example.com' });
    expect(user.email).toBe('patient@example.com');
    await app.jobs.drain();
    const [failed] = await jobRows(t.db);
    expect(failed).toMatchObject({ attempts: 1, state: 'retry' });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);

    const relay = await startSmtp(Number(port));
    closers.push(relay.close);
    await makeDue(t.db);
    await app.jobs.drain();
    expect(relay.received.map((m) => m.to)).toEqual([['patient@example.com']]);
    const [done] = await jobRows(t.db);
    expect(done!.state).toBe('completed');
  });

  it('writes to the outbox without SMTP_URL, and lists it on the dev page', async () => {
    const app = await appWith({ SMTP_URL: undefined, NODE_ENV: 'development' });
    expect(app.mailer.transport.kind).toBe('outbox');
    await new Agent(app).register({ email: 'outbox@example.com' });
    await app.jobs.drain();

    const list = await app.inject({ url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Confirm your e-mail address');
    expect(list.body).toContain('outbox@example.com');
    const id = /href="\/dev\/mail\/([\w-]+)"/.exec(list.body)?.[1];
    const message = await app.inject({ url: `/dev/mail/${id}` });
    expect(message.body).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\/[^"]+">/);
  });

  it('has no outbox page in production', async () => {
    const app = await appWith({ SMTP_URL: undefined, NODE_ENV: 'production' });
    expect((await app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
  });
});
