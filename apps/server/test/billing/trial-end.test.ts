import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, discussions, users } from '../../src/db/schema/index';
import { userChanged } from '../../src/lib/user-changes';
import { useTestApp } from '../support/test-app';
import { DAY, signedInPerson } from './support';

const t = useTestApp();

async function trialEndsIn(userId: number, ms: number) {
  await t.db
    .update(users)
    .set({ trialEndsAt: new Date(Date.now() + ms) })
    .where(eq(users.id, userId));
  userChanged(userId);
}

describe('the end of the trial', () => {
  it('three days before it ends: one e-mail and the in-app notice, once per person', async () => {
    const agent = t.agent();
    const soon = await signedInPerson(t, agent);
    const later = await signedInPerson(t, t.agent());
    await trialEndsIn(soon.id, 2 * DAY + 3_600_000);
    await trialEndsIn(later.id, 5 * DAY);
    expect((await agent.get('/api/subscription')).json().data.trial_reminder_sent).toBe(false);

    expect((await t.app.billing.sweep()).reminders).toBe(1);
    await t.app.jobs.drain();
    const mail = t.mail.to(soon.email).filter((m) => m.subject === 'Your Wink Health trial ends in 3 days');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('http://localhost:3000/user/subscription');
    expect(mail[0]!.text).toMatch(/are kept/);
    expect(t.mail.to(later.email).filter((m) => m.subject.includes('trial'))).toHaveLength(0);
    expect((await agent.get('/api/subscription')).json().data.trial_reminder_sent).toBe(true);

    // The sweep runs again (and again, on another server): nothing more is sent.
    expect((await t.app.billing.sweep()).reminders).toBe(0);
    const second = await t.buildApp();
    expect((await second.billing.sweep()).reminders).toBe(0);
    await t.app.jobs.drain();
    expect(t.mail.to(soon.email).filter((m) => m.subject.includes('trial'))).toHaveLength(1);
  });

  it('nobody with a plan, and nobody whose trial is already over, is reminded', async () => {
    const paying = await signedInPerson(t, t.agent());
    const over = await signedInPerson(t, t.agent());
    await trialEndsIn(paying.id, DAY);
    await t.db.update(users).set({ subscription: 'reader_subscription' }).where(eq(users.id, paying.id));
    userChanged(paying.id);
    await trialEndsIn(over.id, -DAY);
    expect((await t.app.billing.sweep()).reminders).toBe(0);
  });

  it('after it, without a plan, reading and writing stop and nothing the person made is lost', async () => {
    const agent = t.agent();
    const person = await signedInPerson(t, agent);
    const created = await agent.post('/api/discussions', { title: 'Sleep and migraines', body: 'What helps?', access_type: 'public' });
    expect(created.statusCode).toBe(201);
    const discussionId = created.json().data.id as string;
    expect((await agent.post(`/api/discussions/${discussionId}/comments`, { body: 'My own note' })).statusCode).toBe(201);

    await trialEndsIn(person.id, -1000);
    await t.app.billing.sweep();

    const read = await agent.get(`/api/discussions/${discussionId}`);
    expect(read.statusCode).toBe(403);
    expect(read.json().required_plan).toBe('reader_subscription');
    const write = await agent.post(`/api/discussions/${discussionId}/comments`, { body: 'After the trial' });
    expect(write.statusCode).toBe(403);
    expect(write.json().required_plan).toBe('leader_subscription');
    // Account and subscription pages stay open, so a plan can be chosen.
    expect((await agent.get('/api/subscription')).statusCode).toBe(200);

    expect(await t.db.select().from(discussions).where(eq(discussions.id, discussionId))).toHaveLength(1);
    expect(await t.db.select().from(comments).where(eq(comments.discussionId, discussionId))).toHaveLength(1);

    // Buying a plan brings everything back.
    const start = await agent.get('/api/subscription/checkout/leader-monthly');
    await agent.post(start.headers.location as string);
    const again = await agent.get(`/api/discussions/${discussionId}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.comments_count).toBe(1);
  });
});
