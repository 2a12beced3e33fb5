import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../src/app';
import type { Config } from '../../../src/config';
import { mailTransportFor } from '../../../src/plugins/app/services';
import { opened } from '../../discussions/support';
import { Agent } from '../../support/agent';
import type { TestContext } from '../../support/test-app';

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
