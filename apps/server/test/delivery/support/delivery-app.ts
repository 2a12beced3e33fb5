import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../src/app';
import type { Config } from '../../../src/config';
import { mailTransportFor } from '../../../src/plugins/app/services';
import { opened } from '../../discussions/support';
import { Agent } from '../../support/agent';
import type { TestContext } from '../../support/test-app';
import { startFakeFcm } from './fake-fcm';
import { startPushService } from './push-service';
import { startSmtpSink } from './smtp-sink';

export interface Someone {
  agent: Agent;
  email: string;
  sid: string;
  name: string;
}

/**
 * The app as production builds it: mail through the transport its configuration names (SMTP when
 * SMTP_URL is set), not the in-memory one of the other suites. Closed by the caller's `closers`.
 */
export async function deliveryApp(t: TestContext, changes: Partial<Config>, closers: (() => Promise<unknown>)[]): Promise<FastifyInstance> {
  const config = { ...t.config, ...changes };
  const app = await buildApp({ config, database: t.database, mailTransport: mailTransportFor(config), background: false, logger: false });
  closers.push(() => app.close());
  return app;
}

/** Every channel switched on: in-app, e-mail, web push and Android push. */
export const EVERY_CHANNEL = { email_notifications: true, web_notifications: true, push_notifications: true };

/** The app with every delivery channel wired to its local fake: an SMTP sink, a web push service and FCM. */
export async function everyChannelApp(t: TestContext, closers: (() => Promise<unknown>)[]) {
  const smtp = await startSmtpSink();
  const push = await startPushService();
  const fcm = await startFakeFcm();
  closers.push(smtp.close, push.close, fcm.close);
  const app = await deliveryApp(
    t,
    { SMTP_URL: smtp.url, MAIL_FROM: 'Wink Health <notify@wink.test>', FCM_CREDENTIALS: fcm.credentials, FCM_ENDPOINT: fcm.origin },
    closers,
  );
  return { app, smtp, push, fcm };
}

/** Someone registered and signed in on this app, with the settings given (PATCH user/settings). */
export async function someone(app: FastifyInstance, name: string, settings: Record<string, boolean> = {}): Promise<Someone> {
  const agent = new Agent(app);
  const { email, user } = await agent.register({
    name,
    display_name: name,
    email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  });
  if (Object.keys(settings).length) {
    const res = await agent.patch('/api/user/settings', settings);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { agent, email, sid: user.sid, name };
}

/** A public discussion of the owner's (who is its member, so hears of its comments). */
export const discussionOf = (owner: Someone, title = 'Walking after meals') => opened(owner.agent, { title });

export async function commentOn(who: Someone, discussionId: string, body = 'I walk after dinner.', parentId?: string): Promise<string> {
  const res = await who.agent.post(`/api/discussions/${discussionId}/comments`, { body, ...(parentId ? { parent_id: parentId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** Lets the notifier write, then runs every job that is due (delivery, then the channels' sends). */
export async function deliverAll(app: FastifyInstance): Promise<void> {
  await app.events.settled();
  await app.jobs.drain();
}
